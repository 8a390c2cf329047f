// One payment request per cost: a request settling the cost another process recorded (the machines'
// `followUps` with a `cost`: a transport's shipper, a photographer, a restorer) is refused while another
// request for that cost runs or once one is paid, naming that request; a terminated request frees the
// cost, and restarting it takes the cost again when nobody else has. (That a request pays the cost as
// recorded, its amount in its currency, is checked at the start, links.ts `checkFollows`, and at SUBMIT by
// the form, `financePaymentStep`.)
import { and, eq, ne, sql } from 'drizzle-orm'
import { predecessorsOf } from '../../../../machines/follow-ups'
import { PROCESS_STATUS_LABELS } from '../../../../machines/labels'
import type { ProcessDefinition } from '../../../../machines/types'
import type { Lang } from '../../../shared/errors'
import { dayIn } from '../../../shared/office-time'
import type { DbOrTx, Tx } from '../../db/client'
import { processes, users } from '../../db/schema'
import { AppError } from '../../http/app-error'
import { nameIn } from '../auth/names'
import type { ProcessCatalog } from './catalog'
import { followUpsOf, subjectField } from './links'

/** The cost a start input names: the process (under the field `via`) and its step. */
interface NamedCost {
  processId: string
  step: string
  via: string
}

/** The cost a payment request's start input names (its `forProcessId` and `forStep`), if any. */
function namedCost(
  catalog: ProcessCatalog,
  definition: ProcessDefinition,
  subject: Record<string, unknown>,
): NamedCost | undefined {
  const [named] = predecessorsOf(followUpsOf(catalog), definition.type, subject).filter((n) =>
    n.allowed.some((f) => f.cost),
  )
  if (!named || typeof subject.forStep !== 'string') return undefined
  return { processId: named.id, step: subject.forStep, via: named.via }
}

/**
 * Inside the transaction of a start or a RESTART: no other request for the same cost is running or paid
 * (terminated ones do not count). Serialised per cost by an advisory lock held to the end of the
 * transaction, so two requests racing for one cost cannot both pass. 409 naming the first request: who
 * started it, when (the office's day), and where it stands, in the request's language.
 */
export async function assertCostFree(
  tx: Tx,
  catalog: ProcessCatalog,
  definition: ProcessDefinition,
  subject: Record<string, unknown>,
  self: string | null,
  lang: Lang,
  timeZone: string,
): Promise<void> {
  const cost = namedCost(catalog, definition, subject)
  if (!cost) return
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`vitrine.cost:${cost.processId}:${cost.step}`}))`,
  )
  const other = await liveRequestFor(tx, definition, cost, self)
  if (!other) return
  const status = PROCESS_STATUS_LABELS[other.status]
  throw new AppError(
    409,
    'costAlreadyRequested',
    {
      by: nameIn({ displayName: other.by ?? '', displayNameEn: other.byEn }, lang),
      date: dayIn(other.createdAt, timeZone),
      status: lang === 'en' ? status.labelEn : status.labelZh,
    },
    { processId: other.id, processType: definition.type },
  )
}

async function liveRequestFor(
  db: DbOrTx,
  definition: ProcessDefinition,
  cost: NamedCost,
  self: string | null,
) {
  const [row] = await db
    .select({
      id: processes.id,
      status: processes.status,
      createdAt: processes.createdAt,
      by: users.displayName,
      byEn: users.displayNameEn,
    })
    .from(processes)
    .leftJoin(users, eq(users.id, processes.createdBy))
    .where(
      and(
        sql`${subjectField(cost.via)} = ${cost.processId}`,
        sql`${subjectField('forStep')} = ${cost.step}`,
        eq(processes.type, definition.type),
        ne(processes.status, 'terminated'),
        self ? ne(processes.id, self) : undefined,
      ),
    )
    .orderBy(processes.createdAt)
    .limit(1)
  return row
}
