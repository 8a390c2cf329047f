// The heads of the hash chains as last recorded (audit_chains), for the system-log screen and its Excel
// export: a head printed elsewhere is what a later verification of a rewritten chain is compared with.
import { CHAIN_NAMES } from '../../../shared/audit'
import type { ChainHead } from '../../../shared/contracts/audit'
import type { DbOrTx } from '../../db/client'
import { auditChains } from '../../db/schema'

export async function chainHeads(db: DbOrTx): Promise<ChainHead[]> {
  const rows = await db.select().from(auditChains)
  const byName = new Map(rows.map((r) => [r.name, r]))
  return CHAIN_NAMES.flatMap((name) => {
    const r = byName.get(name)
    return r
      ? [
          {
            name,
            rows: r.lastNo,
            head: r.head,
            verifiedAt: r.verifiedAt?.toISOString() ?? null,
            verifiedOk: r.verifiedOk,
          },
        ]
      : []
  })
}
