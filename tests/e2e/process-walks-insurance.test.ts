// Browser walks of the insurance flows and the stocktake chosen from their graphs (planKindWalks): every
// kind of event and every step form, each done once by clicks and typing as the demo user the model names —
// a draft saved, terminated and restarted, a form rejected and corrected, approvals, a premium's or a
// payout's payment failed, retried and confirmed by finance, a room counted on its checklist with one
// artwork missing and its discrepancy settled — with the screen checked against the machine at every stop.
// The annual cover, the renewal and the stocktake in English, the operation's cover, the claim and the
// non-contract payment request (FINANCE_PAYMENT) in Chinese.
import { financePaymentV1 } from '../../machines/finance-payment'
import { insuranceAnnualV1 } from '../../machines/insurance-annual'
import { insuranceOperationV1 } from '../../machines/insurance-operation'
import { insurancePayoutV1 } from '../../machines/insurance-payout'
import { insuranceRenewalV1 } from '../../machines/insurance-renewal'
import { inventoryCheckV1 } from '../../machines/inventory-check'
import { MODEL_REFS } from '../model/samples'
import { describeKindWalks, type WalkEnv } from './kind-walks'
import { apiCall } from './process-driver'

const artworks = (env: WalkEnv) => ({ artworkIds: [env.freeArtwork()] })

/** The stocktake's room and its artworks: the last one stands for the sample's artwork that goes missing. */
const stocktake = { roomId: '', rest: [] as string[], last: '' }

async function stocktakeInput(env: WalkEnv) {
  const rooms = await apiCall<{ id: string }[]>(env.users.registrar.page, 'GET', 'room/getRoomList')
  for (const room of rooms) {
    const list = await apiCall<{ list: { id: string }[] }>(
      env.users.registrar.page,
      'GET',
      `artworks?roomId=${room.id}&pageSize=100&sort=inventoryNo&order=asc`,
    )
    if (list.list.length < 2) continue
    const ids = list.list.map((a) => a.id)
    Object.assign(stocktake, { roomId: room.id, rest: ids.slice(0, -1), last: ids[ids.length - 1] })
    return { roomId: room.id, plannedOn: '2026-03-01' }
  }
  throw new Error('no room of the demo collection holds two artworks')
}

/** The samples' two artworks as this room's: the first as every artwork but the last, the second as the last. */
function roomArtworks(payload: Record<string, unknown>): Record<string, unknown> {
  const [a, b] = MODEL_REFS.artworkIds
  const map = (ids: unknown) =>
    (ids as string[]).flatMap((id) => (id === a ? stocktake.rest : id === b ? [stocktake.last] : [id]))
  const out = { ...payload }
  for (const key of ['foundArtworkIds', 'missingArtworkIds'])
    if (Array.isArray(out[key])) out[key] = map(out[key])
  return out
}

describeKindWalks('insurance and stocktake', [
  { definition: insuranceAnnualV1, lang: 'en', input: artworks },
  { definition: insuranceOperationV1, lang: 'zh-CN', input: artworks },
  { definition: insuranceRenewalV1, lang: 'en', input: artworks },
  {
    definition: insurancePayoutV1,
    lang: 'zh-CN',
    input: artworks,
    // The insurer pays the claim (named in words, not one of the family's companies).
    localise: (payload, _env, sample) =>
      'payerCompany' in payload ? { ...payload, payerCompany: sample.payerCompany } : payload,
  },
  { definition: inventoryCheckV1, lang: 'en', input: stocktakeInput, localise: roomArtworks },
  // The non-contract payment request: the same money step, started with a note only.
  { definition: financePaymentV1, lang: 'zh-CN', input: () => ({ note: '第一季度仓储费' }) },
])
