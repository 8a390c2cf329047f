// A step waiting for an event this user may not send: who sends it and why not them. A payment's
// confirmation is another payer's when this user (or the one they act for) submitted it — separation of
// duties —; the names are the server's (the open task's `people`: who the task admits and may do it).
import { Trans } from '@lingui/react/macro'
import { Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { eventsOfKind } from '../../../../machines/tasks'
import type { ProcessView } from '../../../shared/contracts/process'
import { processTasksQuery } from '../../api/queries/tasks'
import { useMe } from '../../session/use-session'
import { useLang } from './machine-words'

export function WhoMayAct({
  view,
  types,
  onBehalfOf,
}: {
  view: ProcessView
  /** The events the step waits for. */
  types: string[]
  onBehalfOf?: string
}) {
  const lang = useLang()
  const me = useMe()
  const tasks = useQuery({ ...processTasksQuery(view.id), enabled: !view.done })
  const task = (tasks.data ?? []).find((x) => eventsOfKind(x.kind).some((e) => types.includes(e)))
  const names = (task?.people ?? []).map((p) => p.name).join(lang === 'en' ? ', ' : '、')
  const record = view.currentStep ? view.context.steps[view.currentStep] : undefined
  const payment = types.includes('CONFIRM_PAYMENT')
  const yours = record?.submittedBy !== undefined && [me.user.id, onBehalfOf].includes(record.submittedBy)
  return (
    <Text fz="xs" c="dimmed" mt={4} data-testid="who-may-act">
      {payment && yours ? (
        <Trans>
          Another colleague with the payment privilege confirms this payment: you submitted the request
          (separation of duties).
        </Trans>
      ) : payment ? (
        <Trans>
          A colleague with the payment privilege confirms this payment: nothing is needed from you.
        </Trans>
      ) : (
        <Trans>Another member of staff records it: nothing is needed from you now.</Trans>
      )}
      {names ? (
        <>
          {' '}
          <Trans>Who can: {names}.</Trans>
        </>
      ) : null}
    </Text>
  )
}
