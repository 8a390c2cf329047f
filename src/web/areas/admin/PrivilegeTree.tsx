// The privileges of a role (or a user's own) as a tree that mirrors the app's menu: each system, the screens
// of its menu (marked when the chosen privileges open them, so the menu a holder will see is visible while
// choosing), then its actions — the privileges themselves, approvals folded into one group. A system's box
// takes or drops all of its actions. With `full` the whole tree is shown held and cannot be changed.
import { Trans } from '@lingui/react/macro'
import { Badge, Checkbox, Collapse, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core'
import { useState } from 'react'
import type { Lang } from '../../../shared/errors'
import { MENU, type MenuItem } from '../../../shared/menu'
import {
  PRIVILEGES,
  type PrivilegeDef,
  SYSTEM_NAMES,
  SYSTEMS,
  type SystemName,
} from '../../../shared/privileges'
import { pickWords } from '../../i18n/format'
import { IconCheck } from '../../shell/icons'

/** A privilege's own words without the system's name before it (the tree shows the system above). */
function actionLabel(p: PrivilegeDef, lang: Lang): string {
  const full = lang === 'en' ? p.labelEn : p.labelZh
  const cut = lang === 'en' ? full.indexOf(': ') : full.indexOf('·')
  return cut < 0 ? full : full.slice(cut + (lang === 'en' ? 2 : 1))
}

/** The screens of a system's menu entry (the entry itself when it has no children). */
function screensOf(system: SystemName): MenuItem[] {
  const entry = MENU.find((m) => m.key === system)
  if (!entry) return []
  return entry.children ?? [entry]
}

const ORDER: SystemName[] = [
  ...MENU.map((m) => m.key as SystemName).filter((k) => (SYSTEM_NAMES as string[]).includes(k)),
  ...SYSTEM_NAMES.filter((s) => !MENU.some((m) => m.key === s)),
]

export function PrivilegeTree({
  value,
  onChange,
  full = false,
  lang,
  error,
  testId = 'privilege-tree',
}: {
  value: string[]
  onChange: (next: string[]) => void
  full?: boolean
  lang: Lang
  error?: string
  testId?: string
}) {
  const held = new Set(value)
  const has = (key: string) => full || held.has(key)
  const set = (keys: string[], on: boolean) => {
    const next = new Set(held)
    for (const k of keys)
      if (on) next.add(k)
      else next.delete(k)
    onChange(PRIVILEGES.map((p) => p.key).filter((k) => next.has(k)))
  }
  return (
    <Stack gap="xs" data-testid={testId}>
      {ORDER.map((system) => (
        <SystemNode key={system} system={system} has={has} set={set} full={full} lang={lang} />
      ))}
      {error ? (
        <Text c="red" fz="sm" role="alert" data-testid={`${testId}-error`}>
          {error}
        </Text>
      ) : null}
    </Stack>
  )
}

function SystemNode({
  system,
  has,
  set,
  full,
  lang,
}: {
  system: SystemName
  has: (key: string) => boolean
  set: (keys: string[], on: boolean) => void
  full: boolean
  lang: Lang
}) {
  const privileges = PRIVILEGES.filter((p) => p.system === system)
  const plain = privileges.filter((p) => !p.key.includes(':approve:'))
  const approvals = privileges.filter((p) => p.key.includes(':approve:'))
  const keys = privileges.map((p) => p.key)
  const count = keys.filter(has).length
  const [open, setOpen] = useState(count > 0 && !full)
  const [approvalsOpen, setApprovalsOpen] = useState(false)
  const approvalCount = approvals.filter((p) => has(p.key)).length
  const name = pickWords(SYSTEMS[system], lang)
  return (
    <Paper withBorder radius="md" p="sm" data-system={system}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Checkbox
          label={<Text fw={600}>{name}</Text>}
          checked={count === keys.length}
          indeterminate={count > 0 && count < keys.length}
          disabled={full}
          onChange={(e) => set(keys, e.currentTarget.checked)}
          data-testid="system-box"
        />
        <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={open} fz="sm" c="dimmed">
          {open ? <Trans>Hide</Trans> : <Trans>Details</Trans>} ({count}/{keys.length})
        </UnstyledButton>
      </Group>
      <Collapse expanded={open}>
        <Stack gap={6} mt="xs" pl={{ base: 'xs', sm: 'lg' }}>
          <Text fz="xs" c="dimmed">
            <Trans>Screens in the menu</Trans>
          </Text>
          <Group gap={6}>
            {screensOf(system).map((screen) => {
              const shown = has(screen.privilege)
              return (
                <Badge
                  key={screen.key}
                  variant={shown ? 'light' : 'outline'}
                  color={shown ? 'teal' : 'gray'}
                  radius="sm"
                  leftSection={shown ? <IconCheck size={12} /> : null}
                  data-screen={screen.key}
                  data-shown={shown ? 'yes' : 'no'}
                  style={{ textTransform: 'none' }}
                >
                  {lang === 'en' ? screen.labelEn : screen.labelZh}
                </Badge>
              )
            })}
          </Group>
          <Text fz="xs" c="dimmed" mt={4}>
            <Trans>Actions</Trans>
          </Text>
          <Group gap="md">
            {plain.map((p) => (
              <Checkbox
                key={p.key}
                label={actionLabel(p, lang)}
                checked={has(p.key)}
                disabled={full}
                onChange={(e) => set([p.key], e.currentTarget.checked)}
                data-privilege={p.key}
              />
            ))}
          </Group>
          {approvals.length ? (
            <Stack gap={4}>
              <Group gap="xs" wrap="nowrap">
                <Checkbox
                  label={<Trans>Approve processes</Trans>}
                  checked={approvalCount === approvals.length}
                  indeterminate={approvalCount > 0 && approvalCount < approvals.length}
                  disabled={full}
                  onChange={(e) =>
                    set(
                      approvals.map((p) => p.key),
                      e.currentTarget.checked,
                    )
                  }
                />
                <UnstyledButton
                  onClick={() => setApprovalsOpen((o) => !o)}
                  aria-expanded={approvalsOpen}
                  fz="sm"
                  c="dimmed"
                >
                  {approvalsOpen ? <Trans>Hide</Trans> : <Trans>Details</Trans>} ({approvalCount}/
                  {approvals.length})
                </UnstyledButton>
              </Group>
              <Collapse expanded={approvalsOpen}>
                <Group gap="md" pl={{ base: 'xs', sm: 'lg' }}>
                  {approvals.map((p) => (
                    <Checkbox
                      key={p.key}
                      label={actionLabel(p, lang)}
                      checked={has(p.key)}
                      disabled={full}
                      onChange={(e) => set([p.key], e.currentTarget.checked)}
                      data-privilege={p.key}
                    />
                  ))}
                </Group>
              </Collapse>
            </Stack>
          ) : null}
        </Stack>
      </Collapse>
    </Paper>
  )
}

/** A privilege key in words (the catalogue's label), for summaries and the preview. */
export function privilegeWords(key: string, lang: Lang): string {
  const p = PRIVILEGES.find((x) => x.key === key)
  return p ? (lang === 'en' ? p.labelEn : p.labelZh) : key
}
