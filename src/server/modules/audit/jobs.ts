// The hash chains' daily verification: every chain walked (src/server/audit/verify.ts), the outcome recorded
// beside its head, and a message in both languages to every administrator for each chain found broken.
import { CHAIN_LABELS } from '../../../shared/audit'
import { calendarDateText } from '../../../shared/office-time'
import { MIGRATE_PRIVILEGE } from '../../../shared/privileges'
import { linkAllPending } from '../../audit/linker'
import { reasonOf, walkChains } from '../../audit/verify'
import type { DbOrTx } from '../../db/client'
import type { ScheduledJob } from '../../jobs/scheduler'
import { officeDayOf } from '../../office-day'
import { bothLanguages, holdersOf, sendMessages } from '../messages/send'

/** Verify every chain; tell the administrators of each broken one. How many chains were broken. */
export async function verifyAndTell(db: DbOrTx, at: Date): Promise<number> {
  // Rows waiting for a linker are linked first: what is left unlinked is then what no linker will take.
  await linkAllPending(db)
  const broken = (await walkChains(db, at)).filter((w) => w.broken !== null)
  if (broken.length === 0) return 0
  const administrators = await holdersOf(db, MIGRATE_PRIVILEGE)
  for (const walk of broken) {
    const why = walk.broken
    if (!why) continue
    await sendMessages(db, administrators, {
      kind: 'notice',
      processId: null,
      senderId: null,
      title: bothLanguages('msgAuditBroken', (lang) => ({ chain: CHAIN_LABELS[walk.name][lang] })),
      body: bothLanguages('msgAuditBrokenBody', (lang) => ({
        at: calendarDateText(officeDayOf(at), lang),
        reason: reasonOf(why, lang),
      })),
      at,
    })
  }
  return broken.length
}

export const auditVerifyJob: ScheduledJob = {
  name: 'audit-chain-verify',
  label: { zh: '审计哈希链每日校验', en: 'Daily check of the audit hash chains' },
  every: 'day',
  claim: 'before',
  run: (db, at) => verifyAndTell(db, at),
}
