// Delegations: while someone is away from the office, another person takes their tasks — of
// every process type or of one — for a range of dates. Everyone sees and sets up their own (given by or to
// them, at /outOfOffice from the user menu); administrators (/authManage/delegations) see everyone's, may
// set one up for someone else, and cancel any.
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { holds } from '../../../shared/access'
import { type DelegationView, delegationInput } from '../../../shared/contracts/tasks'
import { PROCESS_TYPE_LABELS, PROCESS_TYPES, type ProcessType } from '../../../shared/process-types'
import {
  cancelDelegation,
  createDelegation,
  delegationsQuery,
  peopleQuery,
  tasksAdminKeys,
} from '../../api/queries/tasks-admin'
import { ConfirmModal } from '../../forms/ConfirmModal'
import { DateRangePicker } from '../../forms/DateRangePicker'
import { FormRefusal } from '../../forms/FormRefusal'
import { showSuccess } from '../../forms/notify'
import { FormFooter } from '../../forms/SubmitButton'
import { useForm } from '../../forms/use-form'
import { formatDate } from '../../i18n/format'
import { useMe } from '../../session/use-session'
import { PageHeader } from '../../shell/PageHeader'
import { useLang } from '../process/machine-words'

export function DelegationsScreen({ admin }: { admin: boolean }) {
  const { t } = useLingui()
  const me = useMe()
  const mayViewAll = admin && holds(me, 'authManage:view')
  const mayEditAll = admin && holds(me, 'authManage:edit')
  const [scope, setScope] = useState<'mine' | 'all'>(mayViewAll ? 'all' : 'mine')
  const [creating, setCreating] = useState(false)
  const list = useQuery(delegationsQuery(scope))
  return (
    <>
      <PageHeader
        description={
          <Trans>
            While you are away, someone else takes your tasks — of every process or of one — between two
            dates. Approvals of your own submissions never pass to them.
          </Trans>
        }
        actions={
          <Button onClick={() => setCreating(true)} data-testid="delegation-new">
            <Trans>New delegation</Trans>
          </Button>
        }
      />
      <Stack gap="md">
        {mayViewAll ? (
          <SegmentedControl
            value={scope}
            onChange={(v) => setScope(v as 'mine' | 'all')}
            data={[
              { value: 'all', label: t`Everyone's` },
              { value: 'mine', label: t`Mine` },
            ]}
            maw={320}
          />
        ) : null}
        {list.isPending ? (
          <Loader size="sm" aria-label={t`Loading`} />
        ) : list.isError ? (
          <Text c="dimmed" fz="sm">
            <Trans>The delegations could not be loaded. It will be tried again shortly.</Trans>
          </Text>
        ) : list.data.list.length === 0 ? (
          <Text c="dimmed" fz="sm" data-testid="delegation-empty">
            <Trans>No delegations yet.</Trans>
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="delegation-list">
            {list.data.list.map((d) => (
              <DelegationCard
                key={d.id}
                delegation={d}
                mayCancel={mayEditAll || d.fromUserId === me.user.id}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <Modal
        opened={creating}
        onClose={() => setCreating(false)}
        title={t`New delegation`}
        size="lg"
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        {creating ? <DelegationForm mayPickFrom={mayEditAll} onDone={() => setCreating(false)} /> : null}
      </Modal>
    </>
  )
}

function DelegationCard({ delegation: d, mayCancel }: { delegation: DelegationView; mayCancel: boolean }) {
  const { t } = useLingui()
  const lang = useLang()
  const [asking, setAsking] = useState<DelegationView | null>(null)
  const from = formatDate(`${d.startsOn}T12:00:00`, lang)
  const to = formatDate(`${d.endsOn}T12:00:00`, lang)
  return (
    <Card withBorder radius="md" padding="md" data-testid="delegation-card">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600}>
            <Trans>
              {d.fromName} → {d.toName}
            </Trans>
          </Text>
          {d.cancelledAt ? (
            <Badge variant="light" color="gray" radius="sm" style={{ flexShrink: 0 }}>
              <Trans>Cancelled</Trans>
            </Badge>
          ) : d.active ? (
            <Badge variant="light" color="teal" radius="sm" style={{ flexShrink: 0 }}>
              <Trans>In force</Trans>
            </Badge>
          ) : (
            <Badge variant="light" color="blue" radius="sm" style={{ flexShrink: 0 }}>
              <Trans>Not in force today</Trans>
            </Badge>
          )}
        </Group>
        <Text fz="sm">{d.processType ? PROCESS_TYPE_LABELS[d.processType][lang] : t`Every process`}</Text>
        <Text fz="sm">
          <Trans>
            From {from} to {to}
          </Trans>
        </Text>
        {d.note ? (
          <Text fz="sm" c="dimmed">
            {d.note}
          </Text>
        ) : null}
        {mayCancel && !d.cancelledAt ? (
          <Group justify="flex-end">
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => setAsking(d)}
              data-testid="delegation-cancel"
            >
              <Trans>Cancel delegation</Trans>
            </Button>
          </Group>
        ) : null}
      </Stack>
      <ConfirmModal
        subject={asking}
        title={() => t`Cancel this delegation?`}
        effect={(x) => (
          <Trans>
            From now on {x.toName} no longer acts for {x.fromName}. A cancelled delegation cannot be put back
            in force; a new one can be set up.
          </Trans>
        )}
        confirm={() => ({ label: <Trans>Cancel delegation</Trans>, color: 'red' })}
        send={(x) => cancelDelegation(x.id)}
        done={() => t`The delegation was cancelled`}
        invalidate={tasksAdminKeys.all}
        testId="delegation-cancel-confirm"
        onClose={() => setAsking(null)}
      />
    </Card>
  )
}

function DelegationForm({ mayPickFrom, onDone }: { mayPickFrom: boolean; onDone: () => void }) {
  const { t } = useLingui()
  const lang = useLang()
  const me = useMe()
  const queryClient = useQueryClient()
  const people = useQuery(peopleQuery())
  const options = (people.data ?? []).map((p) => ({ value: p.id, label: p.name }))
  const form = useForm({
    schema: delegationInput,
    initialValues: {
      fromUserId: me.user.id as string | undefined,
      toUserId: '',
      processType: null as ProcessType | null,
      startsOn: '',
      endsOn: '',
      note: '',
    },
  })
  const submit = form.onSubmit(async (data) => {
    await createDelegation(data)
    showSuccess(t`The delegation was saved`)
    await queryClient.invalidateQueries({ queryKey: tasksAdminKeys.all })
    onDone()
  })
  const rangeError = form.errors.startsOn ?? form.errors.endsOn
  return (
    <form onSubmit={submit} noValidate data-testid="delegation-form">
      <Stack gap="sm">
        <FormRefusal form={form} />
        {mayPickFrom ? (
          <Select
            label={t`Whose tasks`}
            data={options}
            value={form.values.fromUserId ?? null}
            onChange={(v) => form.setFieldValue('fromUserId', v ?? undefined)}
            error={form.errors.fromUserId}
            searchable
            allowDeselect={false}
          />
        ) : null}
        <Select
          label={t`To whom`}
          data={options.filter((o) => o.value !== form.values.fromUserId)}
          value={form.values.toUserId || null}
          onChange={(v) => form.setFieldValue('toUserId', v ?? '')}
          error={form.errors.toUserId}
          searchable
          required
          data-testid="delegation-to"
        />
        <Select
          label={t`Which processes`}
          data={[
            { value: '', label: t`Every process` },
            ...PROCESS_TYPES.map((type) => ({ value: type, label: PROCESS_TYPE_LABELS[type][lang] })),
          ]}
          value={form.values.processType ?? ''}
          onChange={(v) => form.setFieldValue('processType', (v || null) as ProcessType | null)}
          error={form.errors.processType}
          allowDeselect={false}
        />
        <DateRangePicker
          label={t`From and to (both days included)`}
          value={[form.values.startsOn || null, form.values.endsOn || null]}
          onChange={([start, end]) => {
            form.setFieldValue('startsOn', start ?? '')
            form.setFieldValue('endsOn', end ?? '')
          }}
          error={rangeError}
          required
          data-testid="delegation-dates"
        />
        <Textarea label={t`Note`} maxLength={500} autosize minRows={2} {...form.getInputProps('note')} />
        <FormFooter form={form} onCancel={onDone} />
      </Stack>
    </form>
  )
}
