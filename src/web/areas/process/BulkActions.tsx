// The process list's bulk actions: over the processes chosen by their checkboxes, or all matching the
// filters, terminate (with the reason), reassign the open task to a user, or (administrators) migrate to
// another version. Preview asks the server what would happen to each (a dry run, in words); Run does it
// under one key (a repeat answers the first run) and shows what was done to each.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { holds } from '../../../shared/access'
import type {
  BulkAction,
  BulkFilter,
  BulkOutcome,
  ProcessBulkResult,
} from '../../../shared/contracts/process-bulk'
import { MIGRATE_PRIVILEGE } from '../../../shared/privileges'
import { isApiError } from '../../api/api-error'
import { processKeys, runProcessBulk } from '../../api/queries/process'
import { useMe } from '../../session/use-session'
import { definitionFor, leafLabel, typeLabel, useLang } from './machine-words'
import { usersQuery } from './reference-queries'

const ACTION_WORDS: Record<BulkAction, MessageDescriptor> = {
  terminate: msg`Terminate`,
  reassign: msg`Reassign the open task`,
  migrate: msg`Migrate to another version`,
}

const OUTCOME_WORDS: Record<BulkOutcome, MessageDescriptor> = {
  allowed: msg`Would be done`,
  refused: msg`Refused`,
  done: msg`Done`,
  failed: msg`Not done`,
}

export function BulkActions({
  chosen,
  filter,
  onDone,
}: {
  chosen: string[]
  filter: BulkFilter
  onDone: () => void
}) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const me = useMe()
  const queryClient = useQueryClient()
  const users = useQuery(usersQuery())
  const [allMatching, setAllMatching] = useState(false)
  const [action, setAction] = useState<BulkAction>('terminate')
  const [comment, setComment] = useState('')
  const [toUserId, setToUserId] = useState<string | null>(null)
  const [toVersion, setToVersion] = useState<number | string>(2)
  const [key, setKey] = useState(() => crypto.randomUUID())
  const [result, setResult] = useState<ProcessBulkResult | null>(null)
  const body = (dryRun: boolean) => ({
    action,
    ...(allMatching ? { filter } : { ids: chosen }),
    dryRun,
    ...(dryRun ? {} : { idempotencyKey: key }),
    ...(action === 'terminate' ? { comment } : {}),
    ...(action === 'reassign' && toUserId ? { toUserId } : {}),
    ...(action === 'migrate' ? { toVersion: Number(toVersion) } : {}),
  })
  const call = useMutation({
    mutationFn: (dryRun: boolean) => runProcessBulk(body(dryRun)),
    meta: { silent: true },
    onSuccess: async (data) => {
      setResult(data)
      if (!data.dryRun) {
        setKey(crypto.randomUUID())
        await queryClient.invalidateQueries({ queryKey: processKeys.all })
        onDone()
      }
    },
  })
  // The report of a real run stays until another choice is made: the processes it ended have left the list
  // (and the choice) by then.
  const reported = result !== null && !result.dryRun
  if (chosen.length === 0 && !allMatching && !reported)
    return (
      <Switch
        label={t`Act on all processes matching the filters`}
        checked={allMatching}
        onChange={(e) => setAllMatching(e.currentTarget.checked)}
        data-testid="bulk-all-matching"
      />
    )
  const actions: BulkAction[] = holds(me, MIGRATE_PRIVILEGE)
    ? ['terminate', 'reassign', 'migrate']
    : ['terminate', 'reassign']
  const refusal = call.error
    ? isApiError(call.error)
      ? (Object.values(call.error.fieldErrors ?? {})[0] ?? call.error.message)
      : t`The request could not be sent.`
    : null
  return (
    <Card withBorder radius="md" data-testid="bulk-panel">
      <Stack gap="sm">
        <Text fw={600}>
          {allMatching ? (
            <Trans>All processes matching the filters</Trans>
          ) : (
            <Trans>{chosen.length} processes chosen</Trans>
          )}
        </Text>
        <Switch
          label={t`Act on all processes matching the filters`}
          checked={allMatching}
          onChange={(e) => setAllMatching(e.currentTarget.checked)}
          data-testid="bulk-all-matching"
        />
        <Group align="flex-end">
          <Select
            label={t`Action`}
            data={actions.map((a) => ({ value: a, label: i18n._(ACTION_WORDS[a]) }))}
            value={action}
            onChange={(v) => {
              if (v) setAction(v as BulkAction)
              setResult(null)
            }}
            allowDeselect={false}
            data-testid="bulk-action"
          />
          {action === 'terminate' ? (
            <TextInput
              label={t`Reason for terminating`}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
              maxLength={2000}
              data-testid="bulk-comment"
            />
          ) : null}
          {action === 'reassign' ? (
            <Select
              label={t`To whom`}
              searchable
              data={(users.data ?? []).map((u) => ({
                value: u.id,
                label: u.displayName || u.username || '',
              }))}
              value={toUserId}
              onChange={setToUserId}
              data-testid="bulk-user"
            />
          ) : null}
          {action === 'migrate' ? (
            <NumberInput
              label={t`To version`}
              min={1}
              allowDecimal={false}
              value={toVersion}
              onChange={setToVersion}
              data-testid="bulk-version"
            />
          ) : null}
          <Button
            variant="default"
            onClick={() => call.mutate(true)}
            loading={call.isPending}
            disabled={chosen.length === 0 && !allMatching}
            data-testid="bulk-preview"
          >
            <Trans>Preview</Trans>
          </Button>
          <Button
            color="red"
            onClick={() => call.mutate(false)}
            disabled={!result?.dryRun || result.succeeded === 0}
            loading={call.isPending}
            data-testid="bulk-run"
          >
            <Trans>Run</Trans>
          </Button>
        </Group>
        {refusal ? (
          <Alert color="red" data-testid="bulk-error">
            {refusal}
          </Alert>
        ) : null}
        {result ? (
          <Stack gap="xs" data-testid="bulk-result">
            <Text fz="sm" data-testid="bulk-summary">
              {result.dryRun ? (
                <Trans>
                  Would be done: {result.succeeded}; refused: {result.refused}
                </Trans>
              ) : (
                <Trans>
                  Done: {result.succeeded}; not done: {result.refused}
                </Trans>
              )}
            </Text>
            <Table>
              <Table.Tbody>
                {result.items.map((item) => (
                  <Table.Tr key={item.id} data-testid="bulk-item" data-outcome={item.outcome}>
                    <Table.Td fz="sm">{typeLabel(item.type, lang)}</Table.Td>
                    <Table.Td fz="sm">
                      {leafLabel(definitionFor(item.type, item.definitionVersion), item.state, lang)}
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        color={item.reason ? 'red' : 'teal'}
                        radius="sm"
                        style={{ textTransform: 'none' }}
                      >
                        {i18n._(OUTCOME_WORDS[item.outcome])}
                      </Badge>
                    </Table.Td>
                    <Table.Td fz="sm">{item.reason ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  )
}
