// Model-based walks of the purchase and its shipping through the browser (graph-walks.ts): the shortest
// path to every state of each machine, each carried on until every transition is taken, clicked by the
// demo users the model names. BUY_ART in Chinese — rejections fixed and resubmitted, terminations
// restarted, failed payments retried, a payment above the second-approval limit approved by two people;
// BUY_ART_TRANS in English on the purchase-shipping screen — departed, arrived, the warehousing rejected,
// fixed and approved, after which the artwork stands in the room the form named.

import { expect } from 'vitest'
import { buyArtV1 } from '../../machines/buy-art'
import { buyArtTransV3 } from '../../machines/buy-art-trans'
import { MODEL_REFS, SAMPLE_SECOND_APPROVAL_ABOVE, sampleInput } from '../model/samples'
import { describeGraphWalks } from './graph-walks'
import { apiCall } from './process-driver'

describeGraphWalks(
  'purchase and shipping',
  [
    {
      definition: buyArtV1,
      lang: 'zh-CN',
      route: '/devOpsManage/index',
      input: () => sampleInput('BUY_ART', MODEL_REFS),
      states: [
        ...['dueDiligence', 'contract', 'payment'].flatMap((s) => [
          `${s}.draft`,
          `${s}.rejected`,
          `${s}.submitted`,
        ]),
        ...['payment.awaitingPayment', 'payment.paymentFailed', 'completed', 'terminated'],
      ],
    },
    {
      definition: buyArtTransV3,
      lang: 'en',
      route: '/devOpsManage/buyShipping',
      input: (env) => ({ artworkIds: [env.freeArtwork()] }),
      states: [
        ...['transport', 'warehousing'].flatMap((s) => [`${s}.draft`, `${s}.rejected`, `${s}.submitted`]),
        ...['transport.toBeTransported', 'transport.transporting', 'completed', 'terminated'],
      ],
      async after(env, end, input) {
        if (end.status !== 'done') return
        const [id] = input.artworkIds as string[]
        const artwork = await apiCall(env.users.registrar.page, 'GET', `artworks/${id}`)
        expect(artwork).toMatchObject({ roomId: env.local.roomId, inWarehouse: true })
      },
    },
  ],
  // The model's payments above this amount need a second approver; the server is told the same limit.
  {
    VITRINE_SECOND_APPROVAL_ABOVE: SAMPLE_SECOND_APPROVAL_ABOVE.CNY,
    VITRINE_SECOND_APPROVAL_ABOVE_HKD: SAMPLE_SECOND_APPROVAL_ABOVE.HKD,
  },
)
