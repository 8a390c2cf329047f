// Words the valuation screens share (the list, its history and add dialogs): an amount with its currency,
// a valuation method's name. Their own module, so the dialogs need not import the screen that opens them.
import { VALUATION_METHOD_LABELS, type ValuationMethod } from '../../../shared/contracts/valuations'
import { formatMoneyDisplay } from '../../forms/money'
import { useLang } from '../process/machine-words'

export const moneyIn = (amount: string | null, currency: string | null) =>
  amount === null ? '—' : `${currency ?? ''} ${formatMoneyDisplay(amount)}`.trim()

export function useMethodWords() {
  const lang = useLang()
  return (m: ValuationMethod | null) => (m ? VALUATION_METHOD_LABELS[m][lang] : '—')
}
