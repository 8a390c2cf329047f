// /authManage/taskSettings: per process type, every step's tasks with their due time, reminder, escalation,
// manager role and candidates — an administrator's setting or the machine's default — edited in a dialog and
// returned to the defaults; and for each step that moves money its approval rule (amount bands per currency,
// how many approvers, which role one of them must hold), each save a new version.
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { holds } from '../../../shared/access'
import {
  type TaskSettingRow,
  type TaskSettingsOfType,
  taskSettingInput,
} from '../../../shared/contracts/tasks'
import type { ProcessType } from '../../../shared/process-types'
import {
  peopleQuery,
  resetTaskSetting,
  rolesQuery,
  saveTaskSetting,
  taskSettingsQuery,
  tasksAdminKeys,
} from '../../api/queries/tasks-admin'
import { FormRefusal } from '../../forms/FormRefusal'
import { showSuccess } from '../../forms/notify'
import { FormFooter } from '../../forms/SubmitButton'
import { useForm } from '../../forms/use-form'
import { formatDateTime } from '../../i18n/format'
import { useMe } from '../../session/use-session'
import { PageHeader } from '../../shell/PageHeader'
import { useLang } from '../process/machine-words'
import { ApprovalRuleEditor } from './ApprovalRuleEditor'

export function TaskSettingsScreen({
  type,
  onType,
}: {
  type: ProcessType | undefined
  onType: (type: ProcessType) => void
}) {
  const { t } = useLingui()
  const me = useMe()
  const canEdit = holds(me, 'authManage:edit')
  const settings = useQuery(taskSettingsQuery())
  const list = settings.data ?? []
  const current = list.find((s) => s.type === type) ?? list[0]
  return (
    <>
      <PageHeader
        description={
          <Trans>
            How long each task of a process may take (in working days), when its people are reminded, when it
            goes to their managers, and who may take it; and how many people approve a payment, by amount.
          </Trans>
        }
      />
      {settings.isPending ? (
        <Loader size="sm" aria-label={t`Loading`} />
      ) : settings.isError ? (
        <Text c="dimmed" fz="sm">
          <Trans>The task settings could not be loaded. It will be tried again shortly.</Trans>
        </Text>
      ) : current ? (
        <Stack gap="lg">
          <Select
            label={t`Process type`}
            data={list.map((s) => ({ value: s.type, label: s.typeLabel }))}
            value={current.type}
            onChange={(value) => value && onType(value as ProcessType)}
            allowDeselect={false}
            maw={360}
            data-testid="task-settings-type"
          />
          <TimingTable entry={current} canEdit={canEdit} />
          {current.approvalRules.map((rule) => (
            <ApprovalRuleEditor key={`${rule.type}:${rule.step}`} rule={rule} canEdit={canEdit} />
          ))}
        </Stack>
      ) : null}
    </>
  )
}

function TimingTable({ entry, canEdit }: { entry: TaskSettingsOfType; canEdit: boolean }) {
  const { t } = useLingui()
  const lang = useLang()
  const [editing, setEditing] = useState<TaskSettingRow | null>(null)
  const queryClient = useQueryClient()
  const reset = useMutation({
    mutationFn: (row: TaskSettingRow) => resetTaskSetting(row.type, row.step, row.kind),
    onSuccess: async () => {
      showSuccess(t`Back to the defaults`)
      await queryClient.invalidateQueries({ queryKey: tasksAdminKeys.settings() })
    },
  })
  const candidates = (row: TaskSettingRow) => {
    const parts = [
      row.candidateRoleName,
      ...(row.candidateUserNames.length ? [row.candidateUserNames.join(lang === 'en' ? ', ' : '、')] : []),
    ].filter(Boolean)
    return parts.length ? parts.join(' · ') : t`Everyone who may do it`
  }
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} fz="lg" mb="sm">
        <Trans>Tasks and due times</Trans>
      </Title>
      <Table.ScrollContainer minWidth={960}>
        <Table striped verticalSpacing="xs" data-testid="task-settings-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Step</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Task</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Due in (working days)</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Reminder (hours before)</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Escalation (working days late)</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Escalates to</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Who may take it</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Setting</Trans>
              </Table.Th>
              {canEdit ? (
                <Table.Th>
                  <Trans>Actions</Trans>
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entry.tasks.map((row) => (
              <Table.Tr
                key={`${row.step}:${row.kind}`}
                data-testid="task-setting-row"
                data-task={`${row.step}:${row.kind}`}
                data-custom={row.custom}
              >
                <Table.Td>{row.stepLabel}</Table.Td>
                <Table.Td>{row.kindLabel}</Table.Td>
                <Table.Td data-testid="task-setting-due">{row.dueDays}</Table.Td>
                <Table.Td>{row.remindBeforeHours}</Table.Td>
                <Table.Td>{row.escalateAfterDays}</Table.Td>
                <Table.Td>{row.managerRoleName ?? t`Administrators`}</Table.Td>
                <Table.Td>{candidates(row)}</Table.Td>
                <Table.Td>
                  {row.custom ? (
                    <Badge
                      variant="light"
                      color="blue"
                      radius="sm"
                      title={
                        row.updatedAt
                          ? t`Set by ${row.updatedByName ?? ''} on ${formatDateTime(row.updatedAt, lang)}`
                          : undefined
                      }
                    >
                      <Trans>Custom</Trans>
                    </Badge>
                  ) : (
                    <Badge variant="light" color="gray" radius="sm">
                      <Trans>Default</Trans>
                    </Badge>
                  )}
                </Table.Td>
                {canEdit ? (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setEditing(row)}
                        data-testid="task-setting-edit"
                      >
                        <Trans>Edit</Trans>
                      </Button>
                      {row.custom ? (
                        <Button
                          size="xs"
                          variant="subtle"
                          loading={reset.isPending && reset.variables === row}
                          onClick={() => reset.mutate(row)}
                          data-testid="task-setting-reset"
                        >
                          <Trans>Back to defaults</Trans>
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? `${entry.typeLabel} · ${editing.stepLabel} · ${editing.kindLabel}` : ''}
        size="lg"
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        {editing ? <TimingForm row={editing} onDone={() => setEditing(null)} /> : null}
      </Modal>
    </Card>
  )
}

function TimingForm({ row, onDone }: { row: TaskSettingRow; onDone: () => void }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const roles = useQuery(rolesQuery())
  const people = useQuery(peopleQuery())
  const roleOptions = (roles.data?.list ?? []).map((r) => ({ value: r.id, label: r.name }))
  const personOptions = (people.data ?? []).map((p) => ({ value: p.id, label: p.name }))
  const form = useForm({
    schema: taskSettingInput,
    initialValues: {
      dueDays: row.dueDays as number | string,
      remindBeforeHours: row.remindBeforeHours as number | string,
      escalateAfterDays: row.escalateAfterDays as number | string,
      managerRoleId: row.managerRoleId,
      candidateRoleId: row.candidateRoleId,
      candidateUserIds: row.candidateUserIds,
    },
  })
  const number = (field: 'dueDays' | 'remindBeforeHours' | 'escalateAfterDays') => ({
    value: form.values[field],
    onChange: (v: number | string) => form.setFieldValue(field, v === '' ? '' : Number(v)),
    error: form.errors[field],
    allowDecimal: false,
    clampBehavior: 'none' as const,
    name: field,
  })
  const submit = form.onSubmit(async (data) => {
    await saveTaskSetting(row.type, row.step, row.kind, data)
    showSuccess(t`Saved`)
    await queryClient.invalidateQueries({ queryKey: tasksAdminKeys.settings() })
    onDone()
  })
  return (
    <form onSubmit={submit} noValidate data-testid="task-setting-form">
      <Stack gap="sm">
        <FormRefusal form={form} />
        <Text fz="sm" c="dimmed">
          <Trans>
            Default: due in {row.defaults.dueDays} working days, reminded {row.defaults.remindBeforeHours}{' '}
            hours before, escalated {row.defaults.escalateAfterDays} working days late.
          </Trans>
        </Text>
        <NumberInput
          label={t`Due in (working days)`}
          min={1}
          max={365}
          required
          data-testid="task-setting-due-input"
          {...number('dueDays')}
        />
        <NumberInput
          label={t`Reminder (hours before it is due)`}
          min={0}
          max={720}
          required
          {...number('remindBeforeHours')}
        />
        <NumberInput
          label={t`Escalation (working days late)`}
          min={1}
          max={365}
          required
          {...number('escalateAfterDays')}
        />
        <Select
          label={t`Escalates to (role)`}
          placeholder={t`Administrators`}
          data={roleOptions}
          value={form.values.managerRoleId}
          onChange={(v) => form.setFieldValue('managerRoleId', v)}
          error={form.errors.managerRoleId}
          clearable
        />
        <Select
          label={t`Only people with this role may take it`}
          placeholder={t`Anyone who may do it`}
          data={roleOptions}
          value={form.values.candidateRoleId}
          onChange={(v) => form.setFieldValue('candidateRoleId', v)}
          error={form.errors.candidateRoleId}
          clearable
        />
        <MultiSelect
          label={t`Or these people`}
          data={personOptions}
          value={form.values.candidateUserIds ?? []}
          onChange={(v) => form.setFieldValue('candidateUserIds', v.length ? v : null)}
          error={form.errors.candidateUserIds}
          searchable
          clearable
        />
        <FormFooter form={form} onCancel={onDone} />
      </Stack>
    </form>
  )
}
