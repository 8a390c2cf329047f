// Browser walks of three more operations chosen from their graphs (planKindWalks): every kind of event and
// every step form of repairing, lending and selling artworks, each done once by clicks and typing as the
// demo user the model names — a draft saved, terminated and restarted, a form rejected and corrected, the
// transport's departure and arrival, a loan's return, a sale's payment failed, retried and confirmed by
// finance — with the screen checked against the machine at every stop. Repair and sale in Chinese, the loan
// in English.
import { operationLoanExhibitionArtV1 } from '../../machines/operation-loan-exhibition-art'
import { operationRepairArtV1 } from '../../machines/operation-repair-art'
import { operationSellArtV1 } from '../../machines/operation-sell-art'
import { describeKindWalks } from './kind-walks'

const artworks = (env: { freeArtwork: () => string }) => ({ artworkIds: [env.freeArtwork()] })

describeKindWalks('operations (repair, loan, sale)', [
  { definition: operationRepairArtV1, lang: 'zh-CN', input: artworks },
  { definition: operationLoanExhibitionArtV1, lang: 'en', input: artworks },
  {
    definition: operationSellArtV1,
    lang: 'zh-CN',
    input: artworks,
    // The buyer pays (in words); one of the family's companies receives (chosen from the list).
    localise: (payload, env, sample) =>
      'payeeAccountName' in payload
        ? { ...payload, payerCompany: sample.payerCompany, payeeAccountName: env.local.company }
        : payload,
  },
])
