// Browser walks of four operations chosen from their graphs (planKindWalks): every kind of event and every
// step form of moving, photographing, reproducing and mounting artworks, each done once by clicks and
// typing as the demo user the model names — a draft saved, the process terminated and restarted, a form
// rejected and corrected, approvals, departure and arrival on the step's own forms — with the screen checked
// against the machine at every stop. Moving and reproducing in Chinese, photographing and mounting in English.

import { expect } from 'vitest'
import { operationReplicaArtV1 } from '../../machines/operation-replica-art'
import { operationShotArtV1 } from '../../machines/operation-shot-art'
import { latest } from '../../machines/registry'
import { describeKindWalks } from './kind-walks'
import { apiCall } from './process-driver'

const artworks = (env: { freeArtwork: () => string }) => ({ artworkIds: [env.freeArtwork()] })

describeKindWalks('operations (transport, photography, replicas, mounting)', [
  {
    definition: latest('OPERATION_TRANS_ART'),
    lang: 'zh-CN',
    input: artworks,
    // Arrived: the artwork stands in the room the transport information named, no longer held.
    after: async (env) => {
      const artwork = await apiCall<{ roomId: string | null; activeProcessId: string | null }>(
        env.users.registrar.page,
        'GET',
        `artworks/${env.picked.at(-1)}`,
      )
      expect(artwork).toMatchObject({ roomId: env.local.roomId, activeProcessId: null })
    },
  },
  { definition: operationShotArtV1, lang: 'en', input: artworks },
  { definition: operationReplicaArtV1, lang: 'zh-CN', input: artworks },
  { definition: latest('OPERATION_MOUNT_ART'), lang: 'en', input: artworks },
])
