// Words and small pieces the finance screens share: directions, statuses, methods, contract kinds and
// summary groupings in the language shown; money with its currency; a process named by its type (linked to
// the process view, never by id); a rate as a sentence ("1 USD = 7.1 CNY, 2025-01-01").
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui as useLinguiCore } from '@lingui/react'
import { Badge, Text } from '@mantine/core'
import type {
  CONTRACT_DIRECTIONS,
  PAYMENT_DIRECTIONS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  RateUsed,
  SummaryGroup,
} from '../../../shared/contracts/finance'
import { toDisplay } from '../../forms/date-range'
import { ProcessLink, processTypeLabel } from '../archive/process-links'
import { useLang } from '../process/machine-words'

export const DIRECTION_WORDS: Record<(typeof PAYMENT_DIRECTIONS)[number], MessageDescriptor> = {
  outgoing: msg({ message: 'Payment', context: 'payment direction' }),
  incoming: msg`Collection`,
}
export const STATUS_WORDS: Record<(typeof PAYMENT_STATUSES)[number], MessageDescriptor> = {
  paid: msg`Paid`,
  failed: msg`Failed`,
}
export const METHOD_WORDS: Record<(typeof PAYMENT_METHODS)[number], MessageDescriptor> = {
  cheque: msg`Cheque`,
  tt: msg`Telegraphic transfer`,
  online_banking: msg`Online banking`,
  other: msg`Other method`,
}
export const CONTRACT_KIND_WORDS: Record<(typeof CONTRACT_DIRECTIONS)[number], MessageDescriptor> = {
  purchase: msg`Purchase`,
  sale: msg`Sale`,
  service: msg`Service`,
}
export const GROUP_WORDS: Record<SummaryGroup, MessageDescriptor> = {
  month: msg`By month`,
  payerCompany: msg`By paying company`,
  costAttribution: msg`By cost attribution`,
  currency: msg`By currency`,
}
export const NONE = msg`Not stated`

export function StatusBadge({ status }: { status: (typeof PAYMENT_STATUSES)[number] }) {
  const { i18n } = useLinguiCore()
  return (
    <Badge variant="light" radius="sm" color={status === 'paid' ? 'teal' : 'red'} data-status={status}>
      {i18n._(STATUS_WORDS[status])}
    </Badge>
  )
}

/** A process by its type's name, opening the process view; "—" when there is none. */
export function ProcessName({ id, type }: { id: string | null; type: string | null }) {
  const lang = useLang()
  if (!id || !type) return <Text span>—</Text>
  return <ProcessLink processId={id}>{processTypeLabel(type, lang)}</ProcessLink>
}

/** A calendar date as the screens write it (docs/architecture.md § Formats: yyyy.MM.dd). */
export const dayText = (d: string | null | undefined) => toDisplay(d, 'yyyy-MM-dd')

export function rateSentence(r: RateUsed): string {
  return `1 ${r.base} = ${r.rate} ${r.quote} · ${dayText(r.on)}`
}
