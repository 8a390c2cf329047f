// What a check reads: the database, the language of its refusal, the start input and a step's form. Its own
// module so the checks (stocktake.ts) and the list of them (index.ts) both import it without a cycle.
import type { Lang } from '../../../../shared/errors'
import type { DbOrTx } from '../../../db/client'

export interface CheckContext {
  db: DbOrTx
  lang: Lang
  /** The start input, as the definition's schema validated it. */
  subject: Record<string, unknown>
  /** A step's submitted form, as its schema validated it (absent for a start). */
  payload?: Record<string, unknown>
  /** Lock the rows read (in the transaction of the event that applies the form). */
  lock?: boolean
}

export type CheckHandler = (ctx: CheckContext) => Promise<void>
