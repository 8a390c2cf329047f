// /authManage/roleManage: the roles — name and description in the language shown, full privilege or how many
// privileges, how many users hold each, enabled or not. Editors create and edit a role in a drawer (names and
// descriptions in both languages, the privilege tree mirroring the menu, "full privilege for the whole
// system"); saving a role that people hold first shows what each of them gains or loses (the server computes
// it without writing), then saves. The server's refusals (a name in use, an enabled role with nothing, the
// last full-privilege role) come back at their fields in the language shown.
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { z } from 'zod'
import { holds } from '../../../shared/access'
import { type RolePreview, type RoleView, roleInput } from '../../../shared/contracts/admin'
import type { Lang } from '../../../shared/errors'
import {
  adminKeys,
  createRole,
  previewRole,
  rolesQuery,
  setRoleEnabled,
  updateRole,
} from '../../api/queries/admin'
import { EnabledCell } from '../../forms/EnabledCell'
import { FormRefusal } from '../../forms/FormRefusal'
import { showSuccess } from '../../forms/notify'
import { FormFooter } from '../../forms/SubmitButton'
import { ToggleModal } from '../../forms/ToggleModal'
import { useForm } from '../../forms/use-form'
import { useMe } from '../../session/use-session'
import { PageHeader } from '../../shell/PageHeader'
import { type Column, OpList } from '../operations/parts'
import { useLang } from '../process/machine-words'
import { PrivilegeTree, privilegeWords } from './PrivilegeTree'

type RoleValues = z.input<typeof roleInput>
type RoleOut = z.output<typeof roleInput>

const roleName = (r: RoleView, lang: Lang) => (lang === 'en' ? r.nameEn : r.nameZh)

export function RolesScreen() {
  const { t } = useLingui()
  const lang = useLang()
  const me = useMe()
  const mayEdit = holds(me, 'authManage:edit')
  const roles = useQuery(rolesQuery())
  const [editing, setEditing] = useState<RoleView | null | undefined>(undefined)
  const [toggling, setToggling] = useState<RoleView | null>(null)
  const columns: Column<RoleView>[] = [
    {
      key: 'name',
      header: <Trans>Role</Trans>,
      primary: true,
      miw: 200,
      cell: (r) => (
        <Stack gap={0}>
          <Text fw={600} fz="sm">
            {roleName(r, lang)}
          </Text>
          <Text fz="xs" c="dimmed">
            {r.description}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'privileges',
      header: <Trans>Privileges</Trans>,
      cell: (r) =>
        r.allPrivileges ? (
          <Badge variant="light" color="grape" radius="sm">
            <Trans>Full privilege</Trans>
          </Badge>
        ) : (
          <Plural value={r.privileges.length} one="# privilege" other="# privileges" />
        ),
    },
    {
      key: 'users',
      header: <Trans>Users</Trans>,
      cell: (r) => <Plural value={r.userCount} one="# user" other="# users" />,
    },
    {
      key: 'status',
      header: <Trans>Status</Trans>,
      cell: (r) => (
        <EnabledCell
          enabled={r.enabled}
          mayChange={mayEdit && r.mayManage}
          testId="role"
          onEdit={() => setEditing(r)}
          onToggle={() => setToggling(r)}
        />
      ),
    },
  ]
  return (
    <>
      <PageHeader
        description={
          <Trans>
            What each role may do, as the menu its holders see. A disabled role grants nothing; a role with
            full privilege may do everything.
          </Trans>
        }
        actions={
          mayEdit ? (
            <Button onClick={() => setEditing(null)} data-testid="role-new">
              <Trans>New role</Trans>
            </Button>
          ) : null
        }
      />
      {roles.isPending ? (
        <Skeleton h={160} />
      ) : roles.isError ? (
        <Text c="dimmed" fz="sm">
          <Trans>The roles could not be loaded. It will be tried again shortly.</Trans>
        </Text>
      ) : (
        <OpList
          rows={roles.data}
          rowKey={(r) => r.id}
          columns={columns}
          onOpen={
            mayEdit
              ? (r) => {
                  // A role the user-management rule keeps from this user is shown, not opened for editing.
                  if (r.mayManage) setEditing(r)
                }
              : undefined
          }
          total={roles.data.length}
          page={1}
          pageSize={200}
          onPage={() => {}}
          empty={<Trans>No roles yet.</Trans>}
          testId="role-list"
        />
      )}
      <RoleDrawer role={editing} onClose={() => setEditing(undefined)} />
      <ToggleRoleModal role={toggling} onClose={() => setToggling(null)} />
      <Text fz="xs" c="dimmed" mt="sm">
        {t`Changes reach signed-in users with their next request.`}
      </Text>
    </>
  )
}

function RoleDrawer({ role, onClose }: { role: RoleView | null | undefined; onClose: () => void }) {
  const { t } = useLingui()
  const phone = useMediaQuery('(max-width: 48em)')
  return (
    <Drawer
      opened={role !== undefined}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
      title={role ? t`Edit role` : t`New role`}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {role !== undefined ? <RoleForm key={role?.id ?? 'new'} role={role} onDone={onClose} /> : null}
    </Drawer>
  )
}

function RoleForm({ role, onDone }: { role: RoleView | null; onDone: () => void }) {
  const { t } = useLingui()
  const lang = useLang()
  const queryClient = useQueryClient()
  const [preview, setPreview] = useState<{ data: RoleOut; effect: RolePreview } | null>(null)
  const form = useForm<RoleValues, RoleOut>({
    schema: roleInput,
    initialValues: {
      nameZh: role?.nameZh ?? '',
      nameEn: role?.nameEn ?? '',
      descriptionZh: role?.descriptionZh ?? '',
      descriptionEn: role?.descriptionEn ?? '',
      enabled: role?.enabled ?? true,
      allPrivileges: role?.allPrivileges ?? false,
      privileges: role?.privileges ?? [],
    },
  })
  const save = async (data: RoleOut) => {
    const saved = role ? await updateRole(role.id, data) : await createRole(data)
    showSuccess(t`Role ${roleName(saved, lang)} saved`)
    await queryClient.invalidateQueries({ queryKey: adminKeys.all })
    onDone()
  }
  const submit = form.onSubmit(async (data) => {
    // A role nobody holds changes nobody: saved at once. Otherwise its effect is shown first.
    if (!role || role.userCount === 0) return save(data)
    setPreview({ data, effect: await previewRole(role.id, data) })
  })
  const confirm = form.onSubmit(async () => {
    if (!preview) return
    try {
      await save(preview.data)
    } finally {
      setPreview(null)
    }
  })
  return (
    <form onSubmit={preview ? confirm : submit} noValidate data-testid="role-form">
      <Stack gap="sm">
        <FormRefusal form={form} testId="role-form-error" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t`Name in Chinese`}
            required
            maxLength={50}
            {...form.getInputProps('nameZh')}
            data-testid="role-nameZh"
          />
          <TextInput
            label={t`Name in English`}
            required
            maxLength={50}
            {...form.getInputProps('nameEn')}
            data-testid="role-nameEn"
          />
          <Textarea
            label={t`Description in Chinese`}
            maxLength={200}
            autosize
            minRows={2}
            {...form.getInputProps('descriptionZh')}
          />
          <Textarea
            label={t`Description in English`}
            maxLength={200}
            autosize
            minRows={2}
            {...form.getInputProps('descriptionEn')}
          />
        </SimpleGrid>
        <Switch
          label={t`Enabled`}
          checked={form.values.enabled as boolean}
          onChange={(e) => form.setFieldValue('enabled', e.currentTarget.checked)}
          error={form.errors.enabled}
          data-testid="role-enabled"
        />
        <Switch
          label={t`Full privilege for the whole system`}
          description={t`Everything, now and in screens added later; the tree below no longer applies.`}
          checked={form.values.allPrivileges as boolean}
          onChange={(e) => form.setFieldValue('allPrivileges', e.currentTarget.checked)}
          error={form.errors.allPrivileges}
          data-testid="role-all"
        />
        <PrivilegeTree
          value={(form.values.privileges as string[]) ?? []}
          onChange={(next) => {
            form.setFieldValue('privileges', next)
            form.setErrors((prev) => {
              const { privileges: _gone, ...rest } = prev
              return rest
            })
          }}
          full={form.values.allPrivileges as boolean}
          lang={lang}
          error={form.errors.privileges}
        />
        {preview ? <EffectPanel effect={preview.effect} lang={lang} onBack={() => setPreview(null)} /> : null}
        {preview ? (
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPreview(null)}>
              <Trans>Back to the form</Trans>
            </Button>
            <Button
              type="submit"
              loading={form.submitting}
              disabled={preview.effect.lastFullPrivilege}
              data-testid="role-confirm"
            >
              <Trans>Save these changes</Trans>
            </Button>
          </Group>
        ) : (
          <FormFooter form={form} onCancel={onDone} />
        )}
      </Stack>
    </form>
  )
}

/** What saving does to the role's holders: who gains, who loses what; or that it would be refused. */
function EffectPanel({ effect, lang, onBack }: { effect: RolePreview; lang: Lang; onBack: () => void }) {
  const words = (keys: string[]) => keys.map((k) => privilegeWords(k, lang)).join(lang === 'en' ? ', ' : '、')
  return (
    <Alert
      color={effect.lastFullPrivilege ? 'red' : effect.users.length ? 'yellow' : 'teal'}
      title={<Trans>Before saving: the effect on the holders of this role</Trans>}
      data-testid="role-effect"
      withCloseButton
      onClose={onBack}
      closeButtonLabel={lang === 'en' ? 'Close' : '关闭'}
    >
      <Stack gap="xs">
        {effect.lastFullPrivilege ? (
          <Text fz="sm" fw={600}>
            <Trans>
              Nobody would keep full privilege: this change would be refused. Keep full privilege or give it
              to another enabled role first.
            </Trans>
          </Text>
        ) : null}
        {effect.users.length === 0 ? (
          <Text fz="sm">
            <Trans>Nobody's privileges change.</Trans>
          </Text>
        ) : (
          <List spacing={4} size="sm">
            {effect.users.map((u) => (
              <List.Item key={u.id} data-effect-user={u.username}>
                <Text span fw={600} fz="sm">
                  {u.name}
                </Text>{' '}
                {u.gainsAll ? (
                  <Text span fz="sm" c="teal">
                    <Trans>gains full privilege</Trans>
                  </Text>
                ) : null}
                {u.losesAll ? (
                  <Text span fz="sm" c="red">
                    <Trans>loses full privilege</Trans>
                  </Text>
                ) : null}
                {u.gained.length ? (
                  <Text fz="sm" c="teal">
                    <Trans>Gains: {words(u.gained)}</Trans>
                  </Text>
                ) : null}
                {u.lost.length ? (
                  <Text fz="sm" c="red">
                    <Trans>Loses: {words(u.lost)}</Trans>
                  </Text>
                ) : null}
              </List.Item>
            ))}
          </List>
        )}
        {effect.unchanged > 0 ? (
          <Text fz="xs" c="dimmed">
            <Plural
              value={effect.unchanged}
              one="# other holder keeps the same privileges (through other roles)."
              other="# other holders keep the same privileges (through other roles)."
            />
          </Text>
        ) : null}
      </Stack>
    </Alert>
  )
}

/** Disable or enable a role after a confirmation; a refusal stays in the dialog in the server's words. */
function ToggleRoleModal({ role, onClose }: { role: RoleView | null; onClose: () => void }) {
  const lang = useLang()
  return (
    <ToggleModal
      record={role}
      label={(r) => roleName(r, lang)}
      send={(r) => setRoleEnabled(r.id, !r.enabled)}
      invalidate={adminKeys.all}
      testId="role-toggle"
      onClose={onClose}
      effect={(r) =>
        r.enabled ? (
          <Plural
            value={r.userCount ?? 0}
            one="Its # holder loses what this role grants, at their next request."
            other="Its # holders lose what this role grants, at their next request."
          />
        ) : (
          <Trans>Its holders get what this role grants again.</Trans>
        )
      }
    />
  )
}
