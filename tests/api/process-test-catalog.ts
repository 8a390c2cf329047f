// A small catalog for the runtime's own tests, independent of the production registry: one transport-like
// process built from the shared building blocks (a form step, a money step, a transport step), in two
// versions. It proves the runtime is generic: this type's machine is registered nowhere in the server.
import { z } from 'zod'
import { defineProcess, formStep, IN_HAND, moneyStep, transportStep } from '../../machines/blocks'
import type { ProcessDefinition } from '../../machines/types'
import type { ProcessCatalog } from '../../src/server/modules/process/catalog'
import type { ProcessType } from '../../src/shared/process-types'
import { money, text } from '../../src/shared/validation'

export const TEST_TYPE: ProcessType = 'OPERATION_TRANS_ART'

function build(version: number): ProcessDefinition {
  return defineProcess({
    type: TEST_TYPE,
    version,
    holdsArtworks: true,
    artworkStatuses: IN_HAND,
    steps: [
      formStep({ key: 'info', labelZh: '信息', labelEn: 'Info' }, { next: { to: 'pay' } }),
      moneyStep(
        { key: 'pay', labelZh: '付款', labelEn: 'Pay' },
        { direction: 'outgoing', next: { to: 'move' } },
      ),
      transportStep({ key: 'move', labelZh: '运输', labelEn: 'Move' }, { next: { to: 'completed' } }),
    ],
    input: z.strictObject({ artworkIds: z.array(z.uuid()).min(1) }),
    payloads: {
      info: z.strictObject({ note: text(50) }),
      pay: z.strictObject({ amount: money, currency: z.string().optional(), payerCompany: text(50) }),
      move: z.strictObject({ shipper: text(50), toRoomId: z.uuid() }),
    },
  })
}

const VERSIONS = [build(1), build(2)]

export const testCatalog: ProcessCatalog = {
  types: () => [TEST_TYPE],
  latest: () => VERSIONS[VERSIONS.length - 1],
  definitionOf: (_type, version) => VERSIONS.find((d) => d.version === version),
  versionsOf: () => VERSIONS.map((d) => d.version),
}
