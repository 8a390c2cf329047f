// The contract-signing step (BUY_ART, OPERATION_SELL_ART): docs/architecture.md § Records (Contract) and § Input rules (the expiry date is
// never earlier than the effective date). The runtime's recordContract effect stores it as a contract
// record of its own, which the finance screens list.
import { z } from 'zod'
import { isoDate, text } from '../validation'
import { count, currency, dateOrder, dictValue, fileIds, note, positiveMoney } from './common'

export const contractFields = z.strictObject({
  subject: text(200),
  number: text(64),
  /** A value of the AGREEMENT_CONTRACT_TYPE tree (its level-1 children). */
  contractType: dictValue,
  applicant: text(100),
  /** The other party: the seller of a purchase, the buyer of a sale. */
  counterparty: text(200),
  effectiveDate: isoDate,
  /** Open-ended contracts leave it out; when given, it is not earlier than the effective date. */
  endDate: isoDate.optional(),
  /** Including tax. */
  amount: positiveMoney,
  currency,
  department: text(100),
  signatory: text(100),
  /** Seal type (company seal, contract seal, ...): a dictionary value. */
  sealType: dictValue,
  copies: count(1, 99),
  /** The signed contract and its annexes (PDF). */
  attachments: fileIds(1),
  remark: note(),
})

export const contractStep = contractFields.superRefine(
  dateOrder('effectiveDate', 'endDate', 'expiryBeforeEffective'),
)
export type ContractData = z.output<typeof contractStep>
