// /devOpsManage/conditionCheckSchedule (linked from the condition checks list): the schedule of condition
// checks — the rules (one artwork, or every artwork of a creation-medium category, every N months) with what
// each makes due, a form to add one, and every covered artwork's next check: overdue, due today or scheduled,
// with the check already running (opened in place) or a button that starts one. The daily job starts the due
// checks by itself; the button is for not waiting.
import { Trans, useLingui as useMacroLingui } from '@lingui/react/macro'
import {
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { holds } from '../../../shared/access'
import {
  type ConditionDueRow,
  type ConditionRuleInput,
  type ConditionRuleRow,
  conditionRuleInput,
} from '../../../shared/contracts/condition-checks'
import {
  conditionCheckKeys,
  conditionDueQuery,
  conditionRulesQuery,
  createConditionRule,
  deleteConditionRule,
  updateConditionRule,
} from '../../api/queries/condition-checks'
import { tagsQuery } from '../../api/queries/reference'
import { ConfirmModal } from '../../forms/ConfirmModal'
import { FormRefusal } from '../../forms/FormRefusal'
import { showSuccess } from '../../forms/notify'
import { useForm } from '../../forms/use-form'
import { formatDate } from '../../i18n/format'
import { useMe } from '../../session/use-session'
import { PageHeader } from '../../shell/PageHeader'
import { StartDrawer } from '../operations/parts'
import { ArtworkFilter } from '../process/ArtworkPicker'
import { useLang } from '../process/machine-words'
import { OpenProcess } from '../process/OpenProcess'
import type { ProcessTab } from '../process/process-search'

export interface ScheduleSearch {
  process?: string
  tab?: ProcessTab
  /** The artwork whose check the start drawer starts. */
  check?: string
}

export function ConditionScheduleScreen({
  search,
  onSearch,
}: {
  search: ScheduleSearch
  onSearch: (next: ScheduleSearch) => void
}) {
  const me = useMe()
  const mayEdit = holds(me, 'devOpsManage:start')
  const { process, tab, check, ...rest } = search
  const due = useQuery({ ...conditionDueQuery(), enabled: !process })
  const starting = due.data?.list.find((r) => r.artworkId === check)
  const today = due.data?.today ?? ''
  return (
    <OpenProcess process={process} tab={tab} onNavigate={(next) => onSearch({ ...rest, ...next })}>
      <PageHeader
        description={
          <Trans>
            Rules ask for a condition check of one artwork, or of every artwork of a category, every so many
            months. Each day the checks that fall due are started; the next one is due at the earlier of the
            day the last check gave and the rule's months after it.
          </Trans>
        }
      />
      <StartDrawer
        type="CONDITION_CHECK"
        open={!!starting}
        artworkId={starting?.artworkId}
        input={
          starting
            ? {
                ...(starting.ruleId ? { ruleId: starting.ruleId } : {}),
                // Never before today (yyyy-MM-dd sorts as text): an overdue check is planned for today.
                plannedOn: [starting.dueOn, today].sort()[1],
              }
            : undefined
        }
        onClose={() => onSearch({ ...rest })}
      />
      <Stack gap="lg">
        <RulesCard mayEdit={mayEdit} />
        <DueCard
          rows={due.data?.list}
          today={today}
          mayStart={mayEdit}
          onOpen={(id) => onSearch({ ...rest, process: id })}
          onStart={(artworkId) => onSearch({ ...rest, check: artworkId })}
        />
      </Stack>
    </OpenProcess>
  )
}

function RulesCard({ mayEdit }: { mayEdit: boolean }) {
  const lang = useLang()
  const { t } = useMacroLingui()
  const queryClient = useQueryClient()
  const rules = useQuery(conditionRulesQuery())
  const [removing, setRemoving] = useState<ConditionRuleRow | null>(null)
  const toggle = useMutation({
    mutationFn: (r: ConditionRuleRow) =>
      updateConditionRule(r.id, { intervalMonths: r.intervalMonths, enabled: !r.enabled, note: r.note }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conditionCheckKeys.all }),
  })
  return (
    <Card withBorder radius="md" padding="lg" data-testid="condition-rules">
      <Title order={3} fz={15} fw={600} mb="md">
        <Trans>Schedule rules</Trans>
      </Title>
      {rules.data ? (
        rules.data.list.length === 0 ? (
          <Text fz="sm" c="dimmed">
            <Trans>No rule yet: every check is started by hand or after an incident or a transport.</Trans>
          </Text>
        ) : (
          <>
            {/* On a phone, one card per rule: the same facts and controls, stacked. */}
            <Stack gap="sm" hiddenFrom="sm" data-testid="condition-rule-cards">
              {rules.data.list.map((r) => (
                <Paper key={r.id} withBorder p="sm" radius="sm">
                  <Text fz="sm" fw={500}>
                    {r.target.kind === 'artwork' ? <Trans>Artwork</Trans> : <Trans>Category</Trans>}:{' '}
                    {r.target.name}
                  </Text>
                  {r.note ? (
                    <Text fz="xs" c="dimmed">
                      {r.note}
                    </Text>
                  ) : null}
                  <Text fz="sm">
                    <Trans>
                      Every {r.intervalMonths} months · {r.artworks} artworks · {r.due} due now
                    </Trans>
                  </Text>
                  <Text fz="sm">
                    <Trans>Next due</Trans>: {r.nextDueOn ? formatDate(r.nextDueOn, lang) : '—'}
                  </Text>
                  <Group justify="space-between" mt="xs">
                    <Switch
                      checked={r.enabled}
                      disabled={!mayEdit || toggle.isPending}
                      onChange={() => toggle.mutate(r)}
                      label={<Trans>In use</Trans>}
                    />
                    {mayEdit ? (
                      <Button variant="subtle" color="red" size="compact-sm" onClick={() => setRemoving(r)}>
                        <Trans>Remove</Trans>
                      </Button>
                    ) : null}
                  </Group>
                </Paper>
              ))}
            </Stack>
            <Table.ScrollContainer minWidth={640} visibleFrom="sm">
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      <Trans>Checks</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Every</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Artworks</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Due now</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Next due</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>In use</Trans>
                    </Table.Th>
                    {mayEdit ? <Table.Th /> : null}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rules.data.list.map((r) => (
                    <Table.Tr key={r.id} data-testid="condition-rule">
                      <Table.Td>
                        <Text fz="sm">
                          {r.target.kind === 'artwork' ? <Trans>Artwork</Trans> : <Trans>Category</Trans>}:{' '}
                          {r.target.name}
                        </Text>
                        {r.note ? (
                          <Text fz="xs" c="dimmed">
                            {r.note}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <Trans>{r.intervalMonths} months</Trans>
                      </Table.Td>
                      <Table.Td>{r.artworks}</Table.Td>
                      <Table.Td>{r.due}</Table.Td>
                      <Table.Td>{r.nextDueOn ? formatDate(r.nextDueOn, lang) : '—'}</Table.Td>
                      <Table.Td>
                        <Switch
                          checked={r.enabled}
                          disabled={!mayEdit || toggle.isPending}
                          onChange={() => toggle.mutate(r)}
                          aria-label={t`In use: ${r.target.name}`}
                          data-testid="condition-rule-enabled"
                        />
                      </Table.Td>
                      {mayEdit ? (
                        <Table.Td>
                          <Button
                            variant="subtle"
                            color="red"
                            size="compact-sm"
                            onClick={() => setRemoving(r)}
                            data-testid="condition-rule-remove"
                          >
                            <Trans>Remove</Trans>
                          </Button>
                        </Table.Td>
                      ) : null}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )
      ) : (
        <Skeleton h={80} />
      )}
      {mayEdit ? <RuleForm /> : null}
      <ConfirmModal
        subject={removing}
        title={(r) => t`Remove the rule for ${r.target.name}?`}
        effect={() => <Trans>No more checks are started by this rule; the checks it started run on.</Trans>}
        confirm={() => ({ label: <Trans>Remove</Trans>, color: 'red' })}
        send={(r) => deleteConditionRule(r.id)}
        done={() => t`The rule was removed.`}
        invalidate={conditionCheckKeys.all}
        testId="condition-rule-remove-confirm"
        onClose={() => setRemoving(null)}
      />
    </Card>
  )
}

type Target = 'artwork' | 'category'

function RuleForm() {
  const { t } = useMacroLingui()
  const queryClient = useQueryClient()
  const [target, setTarget] = useState<Target>('artwork')
  const categories = useQuery(tagsQuery('CREATION_MEDIUM'))
  const form = useForm<Partial<ConditionRuleInput>, ConditionRuleInput>({
    schema: conditionRuleInput,
    initialValues: { intervalMonths: 12, note: '' },
  })
  const onSubmit = form.onSubmit(async (body) => {
    await createConditionRule(body)
    showSuccess(t`The rule was added.`)
    form.setValues({ artworkId: undefined, mediumTagId: undefined, intervalMonths: 12, note: '' })
    await queryClient.invalidateQueries({ queryKey: conditionCheckKeys.all })
  })
  // Either target's refusal shows at the target chosen (the server names `artworkId` for "choose one").
  const targetError = form.errors.artworkId ?? form.errors.mediumTagId
  return (
    <form onSubmit={onSubmit} noValidate data-testid="condition-rule-form">
      <Stack gap="sm" mt="lg">
        <Text fw={600} fz="sm">
          <Trans>Add a rule</Trans>
        </Text>
        <SegmentedControl
          value={target}
          onChange={(v) => {
            setTarget(v === 'category' ? 'category' : 'artwork')
            form.setValues({ artworkId: undefined, mediumTagId: undefined })
          }}
          data={[
            { value: 'artwork', label: t`One artwork` },
            { value: 'category', label: t`Every artwork of a category` },
          ]}
          w="fit-content"
          data-testid="condition-rule-target"
        />
        <Group align="flex-start" grow>
          {target === 'artwork' ? (
            <Stack gap={2}>
              <ArtworkFilter
                label={t`Artwork`}
                value={form.values.artworkId}
                onChange={(id) => form.setFieldValue('artworkId', id)}
              />
              {targetError ? (
                <Text fz="xs" c="red" data-testid="condition-rule-target-error">
                  {targetError}
                </Text>
              ) : null}
            </Stack>
          ) : (
            <Select
              label={t`Category`}
              data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.label }))}
              value={form.values.mediumTagId === undefined ? null : String(form.values.mediumTagId)}
              onChange={(v) => form.setFieldValue('mediumTagId', v ? Number(v) : undefined)}
              error={targetError}
              searchable
              data-testid="condition-rule-category"
            />
          )}
          <NumberInput
            label={t`Every (months)`}
            min={1}
            max={120}
            allowDecimal={false}
            value={form.values.intervalMonths ?? ''}
            onChange={(v) => form.setFieldValue('intervalMonths', typeof v === 'number' ? v : undefined)}
            error={form.errors.intervalMonths}
            data-testid="condition-rule-months"
          />
          <TextInput label={t`Note`} maxLength={500} {...form.getInputProps('note')} />
        </Group>
        <FormRefusal form={form} />
        <Group>
          <Button type="submit" loading={form.submitting} data-testid="condition-rule-add">
            <Trans>Add the rule</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

function DueState({ row, today }: { row: ConditionDueRow; today: string }) {
  if (row.overdue)
    return (
      <Badge color="red" c="red.9" variant="outline" data-state="overdue">
        <Trans>Overdue</Trans>
      </Badge>
    )
  if (row.dueOn === today)
    return (
      <Badge color="yellow" c="dark.6" variant="outline" data-state="due">
        <Trans>Due today</Trans>
      </Badge>
    )
  return (
    <Badge color="gray" c="dark.6" variant="outline" data-state="scheduled">
      <Trans>Scheduled</Trans>
    </Badge>
  )
}

function DueCard({
  rows,
  today,
  mayStart,
  onOpen,
  onStart,
}: {
  rows: ConditionDueRow[] | undefined
  today: string
  mayStart: boolean
  onOpen: (processId: string) => void
  onStart: (artworkId: string) => void
}) {
  const lang = useLang()
  return (
    <Card withBorder radius="md" padding="lg" data-testid="condition-due">
      <Title order={3} fz={15} fw={600} mb="md">
        <Trans>Next checks</Trans>
      </Title>
      {!rows ? (
        <Skeleton h={120} />
      ) : rows.length === 0 ? (
        <Text fz="sm" c="dimmed">
          <Trans>No artwork is covered by a rule in use.</Trans>
        </Text>
      ) : (
        <>
          {/* On a phone, one card per artwork: when it is due, its state and what can be done. */}
          <Stack gap="sm" hiddenFrom="sm" data-testid="condition-due-cards">
            {rows.map((r) => (
              <Paper key={r.artworkId} withBorder p="sm" radius="sm">
                <Text fz="sm" fw={500}>
                  {r.inventoryNo} {r.title}
                </Text>
                <Group gap="xs" my={4}>
                  <Text fz="sm">{formatDate(r.dueOn, lang)}</Text>
                  <DueState row={r} today={today} />
                </Group>
                <DueAction row={r} mayStart={mayStart} onOpen={onOpen} onStart={onStart} />
              </Paper>
            ))}
          </Stack>
          <Table.ScrollContainer minWidth={560} visibleFrom="sm">
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Artwork</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Due on</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>State</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Check</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.artworkId} data-testid="condition-due-row">
                    <Table.Td>
                      <Text fz="sm">
                        {r.inventoryNo} {r.title}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatDate(r.dueOn, lang)}</Table.Td>
                    <Table.Td>
                      <DueState row={r} today={today} />
                    </Table.Td>
                    <Table.Td>
                      <DueAction row={r} mayStart={mayStart} onOpen={onOpen} onStart={onStart} testIds />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Card>
  )
}

/** What can be done about a work's next check: open the running one, start one, or nothing (in words). */
function DueAction({
  row,
  mayStart,
  onOpen,
  onStart,
  testIds = false,
}: {
  row: ConditionDueRow
  mayStart: boolean
  onOpen: (processId: string) => void
  onStart: (artworkId: string) => void
  /** The table's buttons carry the test ids (the phone's cards repeat them, hidden on a desk). */
  testIds?: boolean
}) {
  if (row.processId) {
    const id = row.processId
    return (
      <Button
        variant="light"
        size="compact-sm"
        onClick={() => onOpen(id)}
        data-testid={testIds ? 'condition-due-open' : undefined}
      >
        <Trans>Open the check</Trans>
      </Button>
    )
  }
  if (mayStart)
    return (
      <Button
        size="compact-sm"
        onClick={() => onStart(row.artworkId)}
        data-testid={testIds ? 'condition-due-start' : undefined}
      >
        <Trans>Start the check</Trans>
      </Button>
    )
  return (
    <Text fz="sm" c="dimmed">
      <Trans>Not started</Trans>
    </Text>
  )
}
