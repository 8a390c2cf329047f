// A process's links (the view's `links`): the processes it follows (its start input names them), the ones
// that follow it (their start input names it; found through the artworks they share, so indexed), and the
// follow-ups that may be started from it now, all as the machines' `followUps` declare them. At a start,
// the process a follower names must exist and be of a type that declares it, and a cost's payment request
// takes that cost's amount and currency (one request per cost: cost-requests.ts).
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  costPrefill,
  type DeclaredFollowUp,
  declaredFollowUps,
  followUpInput,
  mayStartFollowUp,
  predecessorsOf,
} from '../../../../machines/follow-ups'
import type {
  Actor,
  CostFollowUp,
  ProcessContext,
  ProcessDefinition,
  ProcessInput,
} from '../../../../machines/types'
import { mayStartType } from '../../../shared/access'
import type { ProcessLink, ProcessLinks } from '../../../shared/contracts/process'
import type { ProcessType } from '../../../shared/process-types'
import { compareMoney } from '../../../shared/validation'
import type { DbOrTx } from '../../db/client'
import { processArtworks, processes } from '../../db/schema'
import { AppError, invalid } from '../../http/app-error'
import type { ProcessCatalog } from './catalog'

const declarations = new WeakMap<ProcessCatalog, DeclaredFollowUp[]>()

/** Every follow-up the catalog's latest definitions declare (read once per catalog). */
export function followUpsOf(catalog: ProcessCatalog): DeclaredFollowUp[] {
  let all = declarations.get(catalog)
  if (!all) {
    all = declaredFollowUps(catalog.types().map((t) => catalog.latest(t)))
    declarations.set(catalog, all)
  }
  return all
}

/** Whether a type takes part in any follow-up (its views then carry links). */
export function hasLinks(catalog: ProcessCatalog, type: ProcessType): boolean {
  return followUpsOf(catalog).some((f) => f.from === type || f.type === type)
}

const linkColumns = {
  id: processes.id,
  type: processes.type,
  status: processes.status,
  done: processes.done,
  state: processes.state,
  currentStep: processes.currentStep,
  createdAt: processes.createdAt,
}

/**
 * A start input's field, the key written into the statement (names come from the machines, checked here) so
 * an expression index on it can serve (the payment requests' `forProcessId`: processes_pays_for_idx).
 */
export const subjectField = (via: string) => {
  if (!/^[A-Za-z]\w*$/.test(via)) throw new Error(`not a field name: ${via}`)
  return sql`${processes.snapshot}->'context'->'subject'->>${sql.raw(`'${via}'`)}`
}

export interface LinkSource {
  id: string
  type: ProcessType
  state: string
  context: ProcessContext | undefined
  artworkIds: string[]
}

/** The links of one process, as `actor` sees them (follow-ups to start only for who may start processes). */
export async function linksOf(
  db: DbOrTx,
  catalog: ProcessCatalog,
  p: LinkSource,
  actor: Actor | null,
): Promise<ProcessLinks> {
  const all = followUpsOf(catalog)
  const subject = (p.context?.subject ?? {}) as Record<string, unknown>
  const followsIds = predecessorsOf(all, p.type, subject).map((x) => x.id)
  const mine = all.filter((f) => f.from === p.type)
  // A cost's payment request holds no artworks: it is found by the process its start input names.
  const byArtworks = mine.filter((f) => !f.cost)
  const costs = mine.filter((f) => f.cost)
  const theirs = alias(processArtworks, 'theirs')
  const [follows, sharing, paying] = await Promise.all([
    followsIds.length === 0
      ? Promise.resolve([])
      : db.select(linkColumns).from(processes).where(inArray(processes.id, followsIds)),
    // Followers are found through the artworks they share: none held (a purchase before it completes), none to find.
    byArtworks.length === 0 || p.artworkIds.length === 0
      ? Promise.resolve([])
      : db
          .selectDistinct(linkColumns)
          .from(processArtworks)
          .innerJoin(theirs, eq(theirs.artworkId, processArtworks.artworkId))
          .innerJoin(processes, eq(processes.id, theirs.processId))
          .where(
            and(
              eq(processArtworks.processId, p.id),
              ne(processes.id, p.id),
              or(
                ...byArtworks.map((f) =>
                  and(eq(processes.type, f.type), sql`${subjectField(f.via)} = ${p.id}`),
                ),
              ),
            ),
          ),
    costs.length === 0
      ? Promise.resolve([])
      : db
          .select({ ...linkColumns, forStep: sql<string | null>`${subjectField('forStep')}` })
          .from(processes)
          .where(
            or(...costs.map((f) => and(eq(processes.type, f.type), sql`${subjectField(f.via)} = ${p.id}`))),
          ),
  ])
  const followedBy = [...sharing, ...paying.map(({ forStep: _step, ...r }) => r)]
  const asLink = (r: (typeof follows)[number]): ProcessLink => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
  })
  const byAge = (a: ProcessLink, b: ProcessLink) => a.createdAt.localeCompare(b.createdAt)
  const live = (r: { status: string }) => r.status !== 'terminated'
  const mayStart = actor
    ? mine
        .filter((f) => mayStartType(actor, f.type))
        .filter((f) => mayStartFollowUp(f, p.state, p.context))
        // One at a time: not while a follower of that type (a cost's request: for that step) is running or
        // finished; a terminated one may be redone.
        .filter((f) =>
          f.cost
            ? !paying.some((r) => r.forStep === f.cost?.step && live(r))
            : !sharing.some((r) => r.type === f.type && live(r)),
        )
        .map((f) => ({ type: f.type, input: followUpInput(f, p.id, p.artworkIds, p.context) }))
    : []
  return {
    follows: follows.map(asLink).sort(byAge),
    followedBy: followedBy.map(asLink).sort(byAge),
    mayStart,
  }
}

/**
 * At a start: each process the input names as followed must exist and be of a type that declares this
 * type as its follow-up under that field; else 400 naming the field. Gives the start input back, with a
 * cost's amount and currency filled in (`withRecordedCost`).
 */
export async function checkFollows(
  db: DbOrTx,
  catalog: ProcessCatalog,
  definition: ProcessDefinition,
  subject: ProcessInput['subject'],
): Promise<ProcessInput['subject']> {
  let checked = subject
  for (const named of predecessorsOf(followUpsOf(catalog), definition.type, subject)) {
    const [row] = await db
      .select({ type: processes.type, snapshot: processes.snapshot })
      .from(processes)
      .where(eq(processes.id, named.id))
    if (!row || !named.allowed.some((f) => f.from === row.type))
      throw invalid({ [`input.${named.via}`]: 'invalidValue' })
    // A cost's payment request names the step of that process whose cost it pays.
    const costs = named.allowed.filter((f) => f.from === row.type && f.cost).map((f) => f.cost)
    if (costs.length === 0) continue
    const cost = costs.find((c) => c?.step === subject.forStep)
    if (!cost) throw invalid({ 'input.forStep': 'invalidValue' })
    const context = row.snapshot?.context
    checked = withRecordedCost(checked, cost, context)
  }
  return checked
}

/**
 * A cost's payment request pays the cost as its process recorded it: the start input carries the cost's
 * amount and currency (filled in when the prefill leaves them out); a prefill that says otherwise is
 * refused at its field, naming the cost (compared only in the cost's own currency). A step with no
 * approved cost yet is refused at `input.forStep`.
 */
function withRecordedCost(
  subject: ProcessInput['subject'],
  cost: CostFollowUp,
  context: ProcessContext | undefined,
): ProcessInput['subject'] {
  const recorded = costPrefill(cost, context)
  if (!recorded) throw invalid({ 'input.forStep': 'costNotRecorded' })
  const prefill = (subject.prefill ?? {}) as Record<string, unknown>
  const params = { amount: recorded.amount, currency: recorded.currency }
  const refuse = (field: string) =>
    new AppError(400, 'invalidInput', params, {
      fieldErrors: { [`input.prefill.${field}`]: 'costAmountFixed' },
    })
  if (typeof prefill.currency === 'string' && prefill.currency !== recorded.currency) throw refuse('currency')
  if (typeof prefill.amount === 'string' && compareMoney(prefill.amount, recorded.amount) !== 0)
    throw refuse('amount')
  return { ...subject, prefill: { ...prefill, amount: recorded.amount, currency: recorded.currency } }
}
