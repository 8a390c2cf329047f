// Browser walks of three more operations chosen from their graphs (planKindWalks): every kind of event and
// every step form of repairing, lending and selling artworks, each done once by clicks and typing as the
// demo user the model names — a draft saved, terminated and restarted, a form rejected and corrected, the
// transport's departure and arrival, a loan's return, a sale's payment failed, retried and confirmed by
// finance — with the screen checked against the machine at every stop. Repair and sale in Chinese, the loan
// in English.

import { expect } from 'vitest'
import { operationLoanExhibitionArtV1 } from '../../machines/operation-loan-exhibition-art'
import { operationSellArtV1 } from '../../machines/operation-sell-art'
import { latest } from '../../machines/registry'
import { describeKindWalks, type WalkEnv } from './kind-walks'
import { apiCall } from './process-driver'

const artworks = (env: WalkEnv) => ({ artworkIds: [env.freeArtwork()] })

/** The walk's artwork as the archive answers for it now. */
const artworkOf = (env: WalkEnv) =>
  apiCall<{ roomId: string | null; status: string; activeProcessId: string | null }>(
    env.users.registrar.page,
    'GET',
    `artworks/${env.picked.at(-1)}`,
  )

describeKindWalks('operations (repair, loan, sale)', [
  { definition: latest('OPERATION_REPAIR_ART'), lang: 'zh-CN', input: artworks },
  {
    definition: operationLoanExhibitionArtV1,
    lang: 'en',
    input: artworks,
    // Returned: the artwork is back in the room the return named, no longer held.
    after: async (env) => {
      const artwork = await artworkOf(env)
      expect(artwork).toMatchObject({ roomId: env.local.roomId, activeProcessId: null })
    },
  },
  {
    definition: operationSellArtV1,
    lang: 'zh-CN',
    input: artworks,
    // The buyer pays (in words); one of the family's companies receives (chosen from the list).
    localise: (payload, env, sample) =>
      'payeeAccountName' in payload
        ? { ...payload, payerCompany: sample.payerCompany, payeeAccountName: env.local.company }
        : payload,
    // Paid: the artwork is sold.
    after: async (env) => expect((await artworkOf(env)).status).toBe('sold'),
  },
])
