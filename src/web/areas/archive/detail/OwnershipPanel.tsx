// The artwork's owners and pledges (a tab of the artwork page): the entities that own it now with their
// shares, every earlier period, and its pledges; whoever may edit the archive sets new owners from a day
// (shares adding up to exactly 100.00, checked by the shared schema and by the server, whose refusals come
// back at their fields) and records a pledge.
import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Badge, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { holds } from '../../../../shared/access'
import {
  type OwnershipInput,
  ownershipInput,
  type PledgeInput,
  pledgeInput,
} from '../../../../shared/contracts/ownership'
import { addMoney, MONEY_RE } from '../../../../shared/validation'
import { artworkKeys } from '../../../api/queries/artworks'
import {
  addPledge,
  entitiesQuery,
  ownershipKeys,
  ownershipQuery,
  pledgesQuery,
  setOwnership,
  setOwnershipOfSelection,
} from '../../../api/queries/ownership'
import { DateField } from '../../../forms/DateField'
import { FormRefusal } from '../../../forms/FormRefusal'
import { showSuccess } from '../../../forms/notify'
import { SubmitButton } from '../../../forms/SubmitButton'
import { useForm } from '../../../forms/use-form'
import { formatDate } from '../../../i18n/format'
import { officeToday } from '../../../i18n/office-zone'
import { useMe } from '../../../session/use-session'
import { entityName, flattenEntities } from '../../entities/entity-words'
import { useLang } from '../../process/machine-words'
import { Section } from './RecordPanels'

export function OwnershipPanel({ artworkId }: { artworkId: string }) {
  const canEdit = holds(useMe(), 'artworkArchive:edit')
  return (
    <Stack gap="md">
      <OwnersSection artworkId={artworkId} />
      {canEdit ? (
        <Section title={<Trans>Set the owners from a day</Trans>} testId="ownership-form">
          <OwnersForm artworkIds={[artworkId]} />
        </Section>
      ) : null}
      <PledgesSection artworkId={artworkId} canEdit={canEdit} />
    </Stack>
  )
}

function OwnersSection({ artworkId }: { artworkId: string }) {
  const lang = useLang()
  const ownership = useQuery(ownershipQuery(artworkId))
  const data = ownership.data
  return (
    <Section title={<Trans>Owners</Trans>} testId="artwork-owners">
      {!data ? null : data.current.length === 0 ? (
        <Text c="dimmed" fz="sm" data-testid="no-owner">
          <Trans>No legal entity owns this artwork now.</Trans>
        </Text>
      ) : (
        <Group gap="xs" data-testid="current-owners">
          {data.current.map((o) => (
            <Badge key={o.entityId} variant="light" radius="sm" size="lg">
              {entityName(o, lang)} · {o.sharePercent} %
            </Badge>
          ))}
        </Group>
      )}
      {data && data.history.length > 0 ? (
        <Table.ScrollContainer minWidth={480} mt="md">
          <Table fz="sm" striped data-testid="ownership-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Legal entity</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Share</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>From</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Until</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Note</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.history.map((h) => (
                <Table.Tr key={`${h.entityId}-${h.from}`}>
                  <Table.Td>{entityName(h, lang)}</Table.Td>
                  <Table.Td>{h.sharePercent} %</Table.Td>
                  <Table.Td>{formatDate(h.from, lang)}</Table.Td>
                  <Table.Td>{h.to ? formatDate(h.to, lang) : <Trans>now</Trans>}</Table.Td>
                  <Table.Td>{h.note}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Section>
  )
}

interface OwnerRow {
  entityId: string
  sharePercent: string
}

/**
 * New owners from a day for one artwork (its page) or a selection (the archive's selection bar, all or
 * none): the rows of entity and share, their running total, the day and a note.
 */
export function OwnersForm({ artworkIds, onDone }: { artworkIds: string[]; onDone?: () => void }) {
  const { t } = useLingui()
  const lang = useLang()
  const queryClient = useQueryClient()
  const entities = useQuery(entitiesQuery())
  const choices = flattenEntities(entities.data ?? []).map(({ node, depth }) => ({
    value: node.id,
    label: `${'— '.repeat(depth)}${entityName(node, lang)}`,
  }))
  const form = useForm<{ owners: OwnerRow[]; from: string; note: string }, OwnershipInput>({
    schema: ownershipInput,
    initialValues: { owners: [{ entityId: '', sharePercent: '100' }], from: officeToday(), note: '' },
  })
  const owners = form.values.owners
  const total = owners.every((o) => MONEY_RE.test(o.sharePercent))
    ? addMoney(...owners.map((o) => o.sharePercent || '0'))
    : null
  const submit = form.onSubmit(async (data) => {
    if (artworkIds.length === 1) await setOwnership(artworkIds[0], data)
    else await setOwnershipOfSelection(artworkIds, data)
    showSuccess(t`Owners saved`)
    for (const id of artworkIds) await queryClient.invalidateQueries({ queryKey: ownershipKeys.artwork(id) })
    await queryClient.invalidateQueries({ queryKey: artworkKeys.all })
    onDone?.()
  })
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FormRefusal form={form} testId="ownership-form-error" />
        {owners.map((_, k) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the form's own list, edited in place
          <Group key={k} align="flex-start" wrap="nowrap">
            <Select
              label={t`Legal entity`}
              required
              searchable
              data={choices}
              value={owners[k].entityId || null}
              onChange={(v) => form.setFieldValue(`owners.${k}.entityId`, v ?? '')}
              error={form.errors[`owners.${k}.entityId`]}
              style={{ flex: 1 }}
              data-testid={`owner-entity-${k}`}
            />
            <TextInput
              label={t`Share (%)`}
              required
              inputMode="decimal"
              w={120}
              {...form.getInputProps(`owners.${k}.sharePercent`)}
              data-testid={`owner-share-${k}`}
            />
            {owners.length > 1 ? (
              <ActionIcon
                variant="subtle"
                color="gray"
                mt={28}
                aria-label={t`Remove this owner`}
                onClick={() =>
                  form.setFieldValue(
                    'owners',
                    owners.filter((__, j) => j !== k),
                  )
                }
              >
                ×
              </ActionIcon>
            ) : null}
          </Group>
        ))}
        <Group justify="space-between">
          <Button
            variant="default"
            size="compact-sm"
            onClick={() => form.setFieldValue('owners', [...owners, { entityId: '', sharePercent: '' }])}
            data-testid="owner-add"
          >
            <Trans>Add an owner</Trans>
          </Button>
          <Text fz="sm" c={total === '100.00' ? 'teal' : 'red'} data-testid="owner-total">
            <Trans>Total: {total ?? '—'} %</Trans>
          </Text>
        </Group>
        {form.errors.owners ? (
          <Text c="red" fz="sm" data-testid="owners-error">
            {form.errors.owners}
          </Text>
        ) : null}
        <Group align="flex-start" grow>
          <DateField
            label={t`From`}
            required
            value={form.values.from}
            onChange={(v) => form.setFieldValue('from', v)}
            error={form.errors.from}
            data-testid="ownership-from"
          />
          <TextInput label={t`Note`} maxLength={500} {...form.getInputProps('note')} />
        </Group>
        <Group justify="flex-end">
          <SubmitButton form={form}>
            <Trans>Save the owners</Trans>
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  )
}

function PledgesSection({ artworkId, canEdit }: { artworkId: string; canEdit: boolean }) {
  const lang = useLang()
  const pledges = useQuery(pledgesQuery(artworkId))
  const [adding, setAdding] = useState(false)
  return (
    <Section
      title={<Trans>Pledges</Trans>}
      testId="artwork-pledges"
      extra={
        canEdit && !adding ? (
          <Button
            variant="default"
            size="compact-sm"
            onClick={() => setAdding(true)}
            data-testid="pledge-new"
          >
            <Trans>Record a pledge</Trans>
          </Button>
        ) : null
      }
    >
      <Stack gap="sm">
        {adding ? <PledgeForm artworkId={artworkId} onDone={() => setAdding(false)} /> : null}
        {(pledges.data ?? []).length === 0 ? (
          <Text c="dimmed" fz="sm">
            <Trans>Not pledged.</Trans>
          </Text>
        ) : (
          (pledges.data ?? []).map((p) => (
            <Group key={p.id} gap="xs">
              <Badge color={p.active ? 'red' : 'gray'} variant="light" radius="sm">
                {p.active ? <Trans>Running</Trans> : <Trans>Not running</Trans>}
              </Badge>
              <Text fz="sm">
                {p.lender} · {formatDate(p.from, lang)} –{' '}
                {p.to ? formatDate(p.to, lang) : <Trans>until released</Trans>}
              </Text>
              {p.note ? (
                <Text fz="sm" c="dimmed">
                  {p.note}
                </Text>
              ) : null}
            </Group>
          ))
        )}
      </Stack>
    </Section>
  )
}

function PledgeForm({ artworkId, onDone }: { artworkId: string; onDone: () => void }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const form = useForm<{ lender: string; from: string; to: string | null; note: string }, PledgeInput>({
    schema: pledgeInput,
    initialValues: { lender: '', from: officeToday(), to: null, note: '' },
  })
  const submit = form.onSubmit(async (data) => {
    await addPledge(artworkId, data)
    showSuccess(t`Pledge recorded`)
    await queryClient.invalidateQueries({ queryKey: ownershipKeys.artwork(artworkId) })
    await queryClient.invalidateQueries({ queryKey: artworkKeys.all })
    onDone()
  })
  return (
    <form onSubmit={submit} noValidate data-testid="pledge-form">
      <Stack gap="sm">
        <FormRefusal form={form} />
        <Group align="flex-start" grow>
          <TextInput
            label={t`Lender`}
            required
            maxLength={200}
            {...form.getInputProps('lender')}
            data-testid="pledge-lender"
          />
          <DateField
            label={t`From`}
            required
            value={form.values.from}
            onChange={(v) => form.setFieldValue('from', v)}
            error={form.errors.from}
          />
          <DateField
            label={t`Until`}
            value={form.values.to ?? ''}
            onChange={(v) => form.setFieldValue('to', v || null)}
            error={form.errors.to}
          />
        </Group>
        <TextInput label={t`Note`} maxLength={500} {...form.getInputProps('note')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
          <SubmitButton form={form}>
            <Trans>Save</Trans>
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  )
}
