// Words the under-insurance panel and the schedule editor share: a percentage, a valuation in words,
// why a line cannot be compared, the flag of a line.
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge } from '@mantine/core'
import type { NotComparableReason, ValuationView } from '../../../shared/contracts/insurance-schedule'
import type { Lang } from '../../../shared/errors'
import { moneyText } from '../../../shared/money-text'
import { formatDate, formatNumber } from '../../i18n/format'

/** "90 %" / "87.5 %" from a ratio (0.9) or a percentage string ("87.5"). */
export function percentText(value: number | string, lang: Lang, isRatio = false): string {
  const pct = isRatio ? Math.round(Number(value) * 1000) / 10 : Number(value)
  return `${formatNumber(pct, lang, { maximumFractionDigits: 1 })} %`
}

/** The latest valuation in words: "USD 50,000.00 · 15 Jan 2026". */
export function ValuationText({ valuation, lang }: { valuation: ValuationView | null; lang: Lang }) {
  if (!valuation) return <Trans>No valuation</Trans>
  const on = valuation.valuedOn ? formatDate(valuation.valuedOn, lang) : ''
  return (
    <>
      {moneyText(valuation.amount, valuation.currency)}
      {on ? ` · ${on}` : ''}
    </>
  )
}

export function useReasonText(): (reason: NotComparableReason, currency: string | null) => string {
  const { t } = useLingui()
  return (reason, currency) =>
    reason === 'noScheduleValue'
      ? t`No schedule value`
      : reason === 'noValuation'
        ? t`No valuation`
        : t`Cannot compare: valuation in ${currency ?? ''}`
}

/** The mark of a line: below the ratio, or why it cannot be compared, or within. */
export function LineFlag({
  flagged,
  reason,
  currency,
  ratio,
  lang,
}: {
  flagged: boolean
  reason: NotComparableReason | null
  currency: string | null
  ratio: number
  lang: Lang
}) {
  const reasonText = useReasonText()
  const pct = percentText(ratio, lang, true)
  if (reason)
    return (
      <Badge color="gray" variant="light" data-flag="notComparable" style={{ whiteSpace: 'normal' }}>
        {reasonText(reason, currency)}
      </Badge>
    )
  if (flagged)
    return (
      <Badge color="red" variant="light" data-flag="below">
        <Trans>Below {pct}</Trans>
      </Badge>
    )
  return (
    <Badge color="teal" variant="light" data-flag="ok">
      <Trans>At or above {pct}</Trans>
    </Badge>
  )
}
