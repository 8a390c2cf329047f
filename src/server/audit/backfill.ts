// Rows written before the hash chains existed, linked once at boot (before anything new is written): a chain
// that has no row yet takes every row of its table in the order they were written (time, then the row's
// key), in batches, each batch in one transaction (linker.ts's batch, taking rows without a digest too). A
// chain that has begun takes nothing more this way: a row without a position or digest found later was
// written around the app, and verification names it; rows with their digest are the linker's.
import { eq } from 'drizzle-orm'
import { CHAIN_NAMES } from '../../shared/audit'
import type { Db } from '../db/client'
import { auditChains } from '../db/schema'
import { LINK_BATCH, linkBatch } from './linker'

/** Link the rows that predate each chain (none on a database that always had the chains). */
export async function backfillChains(db: Db): Promise<void> {
  for (const chain of CHAIN_NAMES) {
    const [state] = await db.select().from(auditChains).where(eq(auditChains.name, chain))
    if (!state || state.lastNo > 0) continue
    for (;;) {
      const linked = await db.transaction(async (tx) => {
        // Held until the batch commits: a second server booting at once waits, then finds fewer rows.
        await tx.select().from(auditChains).where(eq(auditChains.name, chain)).for('update')
        return linkBatch(tx, chain, 'olderToo')
      })
      if (linked.found < LINK_BATCH || linked.linked === 0) break
    }
  }
}
