// Words the valuation screens share (the list, its history and add dialogs): a valuation method's name. Their own module, so the dialogs need not import the screen that opens them.
import { VALUATION_METHOD_LABELS, type ValuationMethod } from '../../../shared/contracts/valuations'
import { useLang } from '../process/machine-words'

export function useMethodWords() {
  const lang = useLang()
  return (m: ValuationMethod | null) => (m ? VALUATION_METHOD_LABELS[m][lang] : '—')
}
