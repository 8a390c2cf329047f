// The workflow runtime (docs/architecture.md § Workflow runtime), stateless between requests. Applying an event reads as
// load → decide → transition → write: decide.ts loads the row (or takes the one process-cache.ts holds)
// and throws every refusal; XState's pure transition gives the next snapshot and the declared effects;
// process-store.ts writes the row and the history row in one statement (with the idempotency key claimed
// first), and run-effects.ts applies the effects in the same transaction. Nothing here knows a process
// type: everything comes from the catalog.

import { initialTransition } from 'xstate'
import { allowedBy } from '../../../../machines/allowed-by'
import type { Actor, ProcessDefinition, ProcessEvent, ProcessInput } from '../../../../machines/types'
import {
  checkEvent,
  describe,
  nextEvents,
  type ProcessDescription,
  validateEvent,
} from '../../../../machines/view'
import { mayStartType } from '../../../shared/access'
import type { ProcessEventInput, ProcessView } from '../../../shared/contracts/process'
import type { Lang } from '../../../shared/errors'
import { payloadFiles } from '../../../shared/process-steps/files'
import type { ProcessType } from '../../../shared/process-types'
import { issuesToFieldErrors } from '../../../shared/validation'
import type { DbOrTx, Tx } from '../../db/client'
import { AppError, conflict, forbidden, invalid } from '../../http/app-error'
import { pledgedOn } from '../artworks/ownership/pledges'
import { actingActor } from '../tasks/acting'
import { syncTasks, tasksMayChange } from '../tasks/sync'
import { assertAttachments } from './attachments'
import { checkStart } from './checks'
import { assertCostFree } from './cost-requests'
import { assertKnownCurrencies } from './currencies'
import { actorOf, type Decided, decide, definitionFor, notEnabled, type User, validate } from './decide'
import { startLockConflict } from './effects/custody'
import { assertRenewable } from './effects/insurance'
import {
  claimKey,
  eventClaim,
  firstResult,
  type KeyClaim,
  orFirstResult,
  startClaim,
  storeResult,
} from './idempotency'
import { checkFollows, hasLinks, linksOf } from './links'
import { type HeldRow, processCacheOf } from './process-cache'
import {
  countArtworks,
  type EventWrite,
  loadProcess,
  readArtworks,
  type Written,
  writeEvent,
} from './process-store'
import { type Action, pureTransition } from './pure-transition'
import { CREATE_EVENT, createInTx, type RuntimeEnv, runEffects } from './run-effects'
import { type PersistedSnapshot, persist, rehydrate } from './snapshot'
import { startAllowedBy } from './start-access'
import { buildViews, type ProcessRow, type ViewParts, viewOf } from './views'

export { actorOf } from './decide'
export { loadProcess } from './process-store'
export { CREATE_EVENT, type RuntimeEnv } from './run-effects'

/**
 * POST /api/process: validate the start input (and the first step's draft, when one comes), then create
 * the process, its first history row and, with a draft, the SAVE of that draft (its own history row), in
 * one transaction.
 */
export async function startProcess(
  env: RuntimeEnv,
  user: User,
  type: ProcessType,
  rawInput: unknown,
  lang: Lang,
  idempotencyKey?: string,
  draft?: Record<string, unknown>,
): Promise<ProcessView> {
  const claim = startClaim(user.id, type, rawInput, idempotencyKey, draft)
  const first = claim && (await firstResult(env.db, claim))
  if (first) return first
  if (!env.catalog.types().includes(type)) throw invalid({ type: 'invalidValue' })
  const definition = env.catalog.latest(type)
  // The route lets through whoever may start some type; this type's own privileges decide.
  if (!mayStartType(actorOf(user), type)) throw forbidden()
  const subject = validate(definition.input, rawInput, 'input', lang) as ProcessInput['subject']
  const artworkIds = [...new Set(subject.artworkIds ?? [])]
  if ((await countArtworks(env.db, artworkIds)) !== artworkIds.length)
    throw invalid({ 'input.artworkIds': 'invalidValue' })
  await assertKnownCurrencies(env.db, subject, 'input')
  const checkedSubject = await checkFollows(env.db, env.catalog, definition, subject)
  await checkStart(definition, { db: env.db, lang, subject: checkedSubject })
  if (definition.renewsPolicy) await assertRenewable(env.db, checkedSubject)
  const actor = actorOf(user)
  const saved =
    draft === undefined ? undefined : await checkDraft(env, definition, checkedSubject, actor, draft, lang)
  const at = new Date()
  const created = () =>
    env.db.transaction(async (tx) => {
      // A concurrent start with the same key waits here, then finds it taken: its result is the answer.
      if (claim && !(await claimKey(tx, claim, CREATE_EVENT))) throw conflict()
      await assertCostFree(tx, env.catalog, definition, checkedSubject, null, lang, env.config.timeZone)
      const id = await createInTx(tx, env, definition, checkedSubject, actor, user.id, at, lang, {
        allowedBy: startAllowedBy(actor, type),
      })
      if (saved) await saveFirstDraft(tx, env, definition, id, actor, saved, lang)
      const row = await loadProcess(tx, id)
      const [view] = await buildViews(tx, env.catalog, [row], actor)
      const withLinks = await withLinksOf(tx, env.catalog, row, view, actor)
      if (claim) await storeResult(tx, claim, id, withLinks)
      return withLinks
    })
  // A start that lost a race for its artworks to the database's deadlock detection is refused as held.
  return orFirstResult(env.db, claim, async () => {
    try {
      return await created()
    } catch (error) {
      throw (await startLockConflict(env.db, error, artworkIds)) ?? error
    }
  })
}

/**
 * A first draft is what a SAVE in the first step would take: this user may save there, and the payload
 * passes the step's draft schema and its files exist. Refusals name `draft.<field>`; nothing is written.
 */
async function checkDraft(
  env: RuntimeEnv,
  definition: ProcessDefinition,
  subject: ProcessInput['subject'],
  actor: ReturnType<typeof actorOf>,
  draft: Record<string, unknown>,
  lang: Lang,
): Promise<Record<string, unknown>> {
  const input: ProcessInput = {
    subject,
    secondApprovalAbove: env.config.secondApprovalAbove,
    startedBy: actor.id,
  }
  const [snapshot] = initialTransition(definition.machine, input)
  const check = checkEvent(snapshot, 'SAVE', actor)
  if (check === 'forbidden') throw forbidden()
  if (check === 'notEnabled') throw invalid({ draft: 'eventNotEnabled' })
  const valid = validateEvent(definition, snapshot, { type: 'SAVE', payload: draft })
  const toDraft = (errors: Record<string, string>) =>
    Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.replace(/^payload\b/, 'draft'), v]))
  if (!valid.ok) throw invalid(toDraft(issuesToFieldErrors(valid.issues, lang)))
  try {
    await assertAttachments(env.db, describe(definition, snapshot).currentStep, valid.payload)
  } catch (error) {
    const fieldErrors =
      error instanceof AppError ? (error.data as { fieldErrors?: Record<string, string> }) : undefined
    if (fieldErrors?.fieldErrors) throw invalid(toDraft(fieldErrors.fieldErrors))
    throw error
  }
  return valid.payload ?? {}
}

/** The SAVE of the first draft, in the start's transaction: the same transition and history row as an event. */
async function saveFirstDraft(
  tx: Tx,
  env: RuntimeEnv,
  definition: ProcessDefinition,
  id: string,
  actor: ReturnType<typeof actorOf>,
  payload: Record<string, unknown>,
  lang: Lang,
) {
  const row = await loadProcess(tx, id)
  const snapshot = rehydrate(definition.machine, row.snapshot)
  const decided: Decided = { row, snapshot, definition, actor, comment: '', payload }
  const s = transitionOf(decided, 'SAVE')
  const written = await writeEvent(tx, {
    event: eventWrite(decided, s),
    cached: { rows: [], authors: new Set() },
    withArtworks: false,
  })
  if (typeof written === 'string') throw conflict()
  await runEffects(
    tx,
    env,
    {
      lang,
      id,
      type: row.type,
      createdBy: row.createdBy,
      definition,
      context: s.next.context,
      event: s.event,
      at: s.at,
      currentStep: s.described.currentStep,
      previousStep: row.currentStep,
      allowedBy: s.allowedBy,
    },
    s.actions,
  )
}

/** One process as this user sees it, or as a delegate of `onBehalfOf` sees it (4031 without such a delegation). */
export async function viewProcess(env: RuntimeEnv, user: User, id: string, onBehalfOf?: string) {
  const row = await loadProcess(env.db, id)
  const actor = await actingActor(env.db, user, onBehalfOf, row.type, env.config.timeZone)
  const [view] = await buildViews(env.db, env.catalog, [row], actor)
  return withLinksOf(env.db, env.catalog, row, view, actor)
}

/** A view of one process with its `links` (links.ts), for types that take part in a follow-up. */
async function withLinksOf(
  db: DbOrTx,
  catalog: RuntimeEnv['catalog'],
  row: Pick<ProcessRow, 'id' | 'type' | 'state' | 'snapshot'>,
  view: ProcessView,
  actor: Actor | null,
): Promise<ProcessView> {
  // each subject artwork with the lender it is pledged to today, for the badge on the process's screens
  const pledges = await pledgedOn(
    db,
    view.artworks.map((a) => a.id),
  )
  view = {
    ...view,
    artworks: view.artworks.map((a) => ({ ...a, pledgedTo: pledges.get(a.id)?.lender ?? null })),
  }
  if (!hasLinks(catalog, row.type)) return { ...view, links: { follows: [], followedBy: [], mayStart: [] } }
  const source = {
    id: row.id,
    type: row.type,
    state: row.state,
    context: row.snapshot?.context,
    artworkIds: view.artworks.map((a) => a.id),
  }
  return { ...view, links: await linksOf(db, catalog, source, actor) }
}

/** The events this actor may send to this snapshot (for the inbox and the views). */
export function enabledEvents(
  catalog: RuntimeEnv['catalog'],
  row: ProcessRow,
  actor: ReturnType<typeof actorOf>,
) {
  if (row.done) return []
  const definition = definitionFor(catalog, row)
  return nextEvents(definition, rehydrate(definition.machine, row.snapshot), actor)
}

/** POST /api/process/:id/events */
export async function applyEvent(
  env: RuntimeEnv,
  user: User,
  id: string,
  request: ProcessEventInput,
  lang: Lang,
): Promise<ProcessView> {
  // No look-up first: the key is claimed by the write itself. A repeat of a request already applied
  // finds the row moved on (409) or the key taken, and a repeat racing the first waits on its claim;
  // either way its attempt fails and orFirstResult answers with the first result (or refuses a mismatch).
  const claim = eventClaim(user.id, id, request)
  return orFirstResult(env.db, claim, async () => {
    const decided = await decide(env.db, env.catalog, id, user, request, lang, env.config.timeZone) // load → decide
    const step = transitionOf(decided, request.type) // → transition
    return write(env, decided, step, claim, lang) // → write (with the view's links)
  })
}

/**
 * Whether this user may send this event now, decided exactly as applyEvent decides it (every refusal thrown
 * as applyEvent would throw it) and nothing written: the bulk actions' dry run (bulk.ts).
 */
export async function previewEvent(
  env: RuntimeEnv,
  user: User,
  id: string,
  request: ProcessEventInput,
  lang: Lang,
): Promise<void> {
  const decided = await decide(env.db, env.catalog, id, user, request, lang, env.config.timeZone)
  transitionOf(decided, request.type)
}

/** What the transition of one event gave: the event as the machine saw it, the next snapshot, its effects. */
interface Step {
  at: Date
  event: ProcessEvent
  next: ReturnType<typeof pureTransition>[0]
  actions: Action[]
  effects: boolean
  described: ProcessDescription
  persisted: PersistedSnapshot
  /** What allowed the event (machines/allowed-by.ts), for the history row. */
  allowedBy: string
}

function transitionOf(d: Decided, type: string): Step {
  const at = new Date()
  const event: ProcessEvent = {
    type,
    actor: d.actor,
    at: at.toISOString(),
    ...(d.payload !== undefined ? { payload: d.payload } : {}),
    ...(d.comment ? { comment: d.comment } : {}),
  }
  const allowed = allowedBy(d.snapshot, event)
  const [next, actions] = pureTransition(d.definition.machine, d.snapshot, event)
  if (next === d.snapshot) throw notEnabled(d.row.state, [])
  return {
    at,
    event,
    next,
    actions,
    effects: actions.some((a) => a.type === 'effect'),
    described: describe(d.definition, next),
    persisted: persist(d.definition.machine, next),
    allowedBy: allowed,
  }
}

/** The process row as the event leaves it. */
function rowAfter(row: ProcessRow, s: Step): ProcessRow {
  const { described: d } = s
  return {
    ...row,
    stateValue: s.persisted.value,
    state: d.state,
    snapshot: s.persisted,
    status: d.status,
    currentStep: d.currentStep,
    done: d.done,
    version: row.version + 1,
    updatedAt: s.at,
    finishedAt: d.done ? s.at : null,
  }
}

function eventWrite({ row, definition, actor, comment, payload }: Decided, s: Step): EventWrite {
  return {
    id: row.id,
    expectedVersion: row.version,
    persisted: s.persisted,
    described: s.described,
    at: s.at,
    eventType: s.event.type,
    fromState: row.state,
    byUserId: actor.id,
    comment,
    payloadJson: payload === undefined ? null : JSON.stringify(payload),
    files: payloadFiles(payload),
    createdBy: row.createdBy,
    definitionVersion: definition.version,
    allowedBy: s.allowedBy,
    onBehalfOf: actor.onBehalfOf ?? null,
  }
}

/** The view's parts from what the event's statement read: each history row with its author's name. */
function partsFromWritten(written: Written, artworks: ProcessView['artworks'], createdBy: string): ViewParts {
  return {
    history: written.history.map((h) => ({ ...h, byName: written.names[h.by] ?? '' })),
    artworks,
    createdByName: written.names[createdBy] ?? '',
    people: written.names,
  }
}

/** The start input of a decided process (its context's subject). */
const subjectOf = (d: Decided) => d.snapshot.context.subject as Record<string, unknown>

/** The write: one statement, or a transaction when effects run or a key is claimed. */
async function write(env: RuntimeEnv, d: Decided, s: Step, claim: KeyClaim | undefined, lang: Lang) {
  const { row } = d
  const cache = processCacheOf(env.db)
  const args = { event: eventWrite(d, s), cached: cache.history(row.id), withArtworks: !s.effects, claim }
  const current: HeldRow = { row: rowAfter(row, s), snapshot: s.next }
  const viewFrom = (written: Written, artworks: ProcessView['artworks']) =>
    viewOf(
      d.definition,
      current.row,
      s.next,
      d.actor,
      partsFromWritten(written, artworks, row.createdBy),
      s.described.steps,
    )
  const hold = (written: Written) =>
    cache.hold(row.id, { rows: written.history, authors: written.authors }, current)

  const tasks = tasksMayChange(row.state, s.described.state, s.event.type)
  // The common case (a SAVE: no effects, no idempotency key, no task moves) is one statement: atomic
  // without a transaction.
  const restart = s.event.type === 'RESTART'
  if (!s.effects && !claim && !tasks && !restart) {
    const written = await writeEvent(env.db, args)
    if (typeof written === 'string') throw conflict()
    hold(written)
    return withLinksOf(env.db, env.catalog, current.row, viewFrom(written, written.artworks), d.actor)
  }
  const [view, written] = await env.db.transaction(async (tx) => {
    // A restart takes up its subject again: a cost's payment request, its cost.
    if (restart)
      await assertCostFree(tx, env.catalog, d.definition, subjectOf(d), row.id, lang, env.config.timeZone)
    const written = await writeEvent(tx, args)
    // Stale, or the key's first request committed meanwhile (applyEvent then answers with its result).
    if (typeof written === 'string') throw conflict()
    await runEffects(
      tx,
      env,
      {
        lang,
        id: row.id,
        type: row.type,
        createdBy: row.createdBy,
        definition: d.definition,
        context: s.next.context,
        event: s.event,
        at: s.at,
        currentStep: s.described.currentStep,
        previousStep: row.currentStep,
        allowedBy: s.allowedBy,
      },
      s.actions,
    )
    if (tasks)
      await syncTasks(tx, {
        processId: row.id,
        type: row.type,
        definition: d.definition,
        snapshot: s.next,
        createdBy: row.createdBy,
        at: s.at,
        by: d.actor.id,
        fromState: row.state,
        event: s.event.type,
      })
    // Effects may link or create artworks: the view reads them after the effects.
    const bare = viewFrom(written, s.effects ? await readArtworks(tx, row.id) : written.artworks)
    // The links too are read in the transaction: a repeat of a keyed request answers the same view.
    const view = await withLinksOf(tx, env.catalog, current.row, bare, d.actor)
    if (claim) await storeResult(tx, claim, row.id, view)
    return [view, written] as const
  })
  // Only once committed are the new history row and process row true.
  hold(written)
  return view
}
