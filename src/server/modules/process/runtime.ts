// The workflow runtime (DESIGN.md § Processes), stateless between requests. Applying an event: load the
// row, rehydrate its snapshot without starting an actor, check the event is enabled for this user,
// validate the payload, compute the next snapshot with XState's pure `transition`, then in one
// transaction update the row only if its version still matches, append the history row, and apply the
// effects the machine declared. Nothing here knows a process type: everything comes from the catalog.
import { and, eq, inArray, sql } from 'drizzle-orm'
import {
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  createActor,
  initialTransition,
  transition,
} from 'xstate'
import type { ZodType } from 'zod'
import type {
  Actor,
  Effect,
  ProcessContext,
  ProcessDefinition,
  ProcessEvent,
  ProcessInput,
} from '../../../../machines/types'
import {
  checkEvent,
  describe,
  nextEvents,
  type ProcessDescription,
  validateEvent,
} from '../../../../machines/view'
import type { ProcessEventInput, ProcessView } from '../../../shared/contracts/process'
import type { Lang } from '../../../shared/errors'
import { payloadFiles } from '../../../shared/process-steps/files'
import type { ProcessType } from '../../../shared/process-types'
import { issuesToFieldErrors } from '../../../shared/validation'
import type { Config } from '../../config'
import type { Db, DbOrTx, Tx } from '../../db/client'
import { artworks, processArtworks, processes, processHistory, processIdempotencyKeys } from '../../db/schema'
import { AppError, conflict, forbidden, invalid, notFound } from '../../http/app-error'
import type { AuthUser } from '../../http/context'
import { assertAttachments } from './attachments'
import type { ProcessCatalog } from './catalog'
import { EFFECTS } from './effects'
import type { EffectContext } from './effects/types'
import { type HeldRow, type HistoryRow, processCacheOf } from './process-cache'
import { type PersistedSnapshot, persist, rehydrate } from './snapshot'
import { buildViews, type ProcessRow, type ViewParts, viewOf } from './views'

export interface RuntimeEnv {
  db: Db
  config: Config
  catalog: ProcessCatalog
}

/** The history row written when a process is created (seq 1). */
export const CREATE_EVENT = 'CREATE'

/** The acting user as machines see it, built from the session (never from the request body). */
export function actorOf(user: Pick<AuthUser, 'id' | 'privileges' | 'allPrivileges'>): Actor {
  return { id: user.id, privileges: [...user.privileges].sort(), allPrivileges: user.allPrivileges }
}

/** Parse with a definition's schema; failures become 400 with field errors under `prefix` (`payload.amount`). */
function validate(schema: ZodType, value: unknown, prefix: string, lang: Lang) {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const fieldErrors: Record<string, string> = {}
  for (const [path, text] of Object.entries(issuesToFieldErrors(result.error.issues, lang)))
    fieldErrors[path === '_' ? prefix : `${prefix}.${path}`] = text
  throw invalid(fieldErrors)
}

function definitionFor(catalog: ProcessCatalog, row: Pick<ProcessRow, 'type' | 'definitionVersion'>) {
  const definition = catalog.definitionOf(row.type, row.definitionVersion)
  if (!definition) throw new Error(`the registry lost ${row.type} v${row.definitionVersion}`)
  return definition
}

interface Applied {
  lang: Lang
  id: string
  type: ProcessType
  createdBy: string
  definition: ProcessDefinition
  context: ProcessContext
  event: ProcessEvent
  at: Date
  currentStep: string | null
  previousStep: string | null
}

/** Run the `effect` actions a transition returned, in order, inside the transaction. */
async function runEffects(
  tx: Tx,
  env: RuntimeEnv,
  applied: Applied,
  actions: { type: string; params?: unknown }[],
) {
  const effects = actions.filter((a) => a.type === 'effect').map((a) => a.params as Effect)
  if (effects.length === 0) return
  const linked = await tx
    .select({ id: processArtworks.artworkId })
    .from(processArtworks)
    .where(eq(processArtworks.processId, applied.id))
  const artworkIds = linked.map((r) => r.id)
  for (const effect of effects) {
    const handler = EFFECTS[effect.name]
    if (!handler) throw new Error(`unknown effect ${effect.name} in ${applied.type}`)
    const ctx: EffectContext = {
      tx,
      config: env.config,
      process: {
        id: applied.id,
        type: applied.type,
        createdBy: applied.createdBy,
        definitionVersion: applied.definition.version,
      },
      definition: applied.definition,
      artworkIds,
      context: applied.context,
      event: applied.event,
      at: applied.at,
      effect,
      currentStep: applied.currentStep,
      previousStep: applied.previousStep,
      openProcess: async (type, input) => {
        const definition = env.catalog.latest(type)
        const subject = validate(definition.input, input, 'input', applied.lang) as ProcessInput['subject']
        return createInTx(
          tx,
          env,
          definition,
          subject,
          applied.event.actor,
          applied.createdBy,
          applied.at,
          applied.lang,
        )
      },
      linkArtworks: async (ids) => {
        if (ids.length === 0) return
        await tx
          .insert(processArtworks)
          .values(ids.map((artworkId) => ({ processId: applied.id, artworkId })))
          .onConflictDoNothing()
        for (const id of ids) if (!artworkIds.includes(id)) artworkIds.push(id)
      },
    }
    await handler(ctx)
  }
}

/** Create a process inside an open transaction (the API, or an effect opening a follow-up process). */
async function createInTx(
  tx: Tx,
  env: RuntimeEnv,
  definition: ProcessDefinition,
  subject: ProcessInput['subject'],
  actor: Actor,
  createdBy: string,
  at: Date,
  lang: Lang,
): Promise<string> {
  const input: ProcessInput = {
    subject,
    secondApprovalAbove: env.config.secondApprovalAbove,
    startedBy: createdBy,
  }
  const [snapshot, actions] = initialTransition(definition.machine, input)
  const persisted = persist(definition.machine, snapshot)
  const described = describe(definition, snapshot)
  const done = described.done
  const [row] = await tx
    .insert(processes)
    .values({
      type: definition.type,
      definitionVersion: definition.version,
      machineId: definition.machine.id,
      stateValue: persisted.value,
      state: described.state,
      snapshot: persisted,
      status: described.status,
      currentStep: described.currentStep,
      done,
      version: 1,
      createdBy,
      createdAt: at,
      updatedAt: at,
      finishedAt: done ? at : null,
    })
    .returning({ id: processes.id })
  const artworkIds = [...new Set(subject.artworkIds ?? [])]
  if (artworkIds.length > 0) {
    await tx.insert(processArtworks).values(artworkIds.map((artworkId) => ({ processId: row.id, artworkId })))
  }
  await tx.insert(processHistory).values({
    processId: row.id,
    seq: 1,
    eventType: CREATE_EVENT,
    fromState: null,
    toState: described.state,
    byUserId: actor.id,
    at,
    comment: '',
    payload: subject,
  })
  await runEffects(
    tx,
    env,
    {
      lang,
      id: row.id,
      type: definition.type,
      createdBy,
      definition,
      context: snapshot.context as ProcessContext,
      event: { type: CREATE_EVENT, actor, at: at.toISOString(), payload: subject },
      at,
      currentStep: described.currentStep,
      previousStep: null,
    },
    actions as { type: string; params?: unknown }[],
  )
  return row.id
}

async function assertArtworksExist(db: Db, ids: string[]) {
  if (ids.length === 0) return
  const unique = [...new Set(ids)]
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(artworks)
    .where(inArray(artworks.id, unique))
  if (Number(n) !== unique.length) throw invalid({ 'input.artworkIds': 'invalidValue' })
}

/** POST /api/process: validate the start input, create the process and its first history row. */
export async function startProcess(
  env: RuntimeEnv,
  user: Pick<AuthUser, 'id' | 'privileges' | 'allPrivileges'>,
  type: ProcessType,
  rawInput: unknown,
  lang: Lang,
): Promise<ProcessView> {
  if (!env.catalog.types().includes(type)) throw invalid({ type: 'invalidValue' })
  const definition = env.catalog.latest(type)
  const subject = validate(definition.input, rawInput, 'input', lang) as ProcessInput['subject']
  await assertArtworksExist(env.db, subject.artworkIds ?? [])
  const actor = actorOf(user)
  const at = new Date()
  return env.db.transaction(async (tx) => {
    const id = await createInTx(tx, env, definition, subject, actor, user.id, at, lang)
    const [row] = await tx.select().from(processes).where(eq(processes.id, id))
    const [view] = await buildViews(tx, env.catalog, [row], actor)
    return view
  })
}

function prepareLoad(db: Db) {
  return db
    .select()
    .from(processes)
    .where(eq(processes.id, sql.placeholder('id')))
    .prepare('process_runtime_load')
}

/** The load of every event, built once per database (and prepared by the server on PostgreSQL). */
const loadStatements = new WeakMap<Db, ReturnType<typeof prepareLoad>>()

export async function loadProcess(db: Db | Tx, id: string): Promise<ProcessRow> {
  let rows: ProcessRow[]
  if ('rollback' in db) rows = await db.select().from(processes).where(eq(processes.id, id))
  else {
    let load = loadStatements.get(db)
    if (!load) {
      load = prepareLoad(db)
      loadStatements.set(db, load)
    }
    rows = await load.execute({ id })
  }
  if (!rows[0]) throw notFound()
  return rows[0]
}

/**
 * XState's pure `transition(machine, snapshot, event)`, without building a throwaway actor (and running
 * the machine's initial state) on every call: the inert scope is made once per machine and only its action
 * collector changes per call. Only for machines that invoke nothing and have no delayed transitions (the
 * scope's actor and system are then never touched; no machine spawns either); any other machine goes
 * through XState's own `transition`. The call is synchronous, so the collector is never shared.
 */
const inertScopes = new WeakMap<AnyStateMachine, AnyActorScope | null>()

function hasActors(node: AnyStateNode): boolean {
  if (node.invoke.length > 0 || node.after.length > 0) return true
  return Object.values(node.states).some((child) => hasActors(child as AnyStateNode))
}

function pureTransition(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  event: ProcessEvent,
): [AnyMachineSnapshot, { type: string; params?: unknown }[]] {
  let scope = inertScopes.get(machine)
  if (scope === undefined) {
    if (hasActors(machine.root)) scope = null
    else {
      const self = createActor(machine)
      const noop = () => {}
      scope = {
        self,
        defer: noop,
        id: '',
        logger: noop,
        sessionId: '',
        stopChild: noop,
        system: self.system,
        emit: noop,
        actionExecutor: noop,
      } as unknown as AnyActorScope
    }
    inertScopes.set(machine, scope)
  }
  if (scope === null)
    return transition(machine, snapshot, event as never) as [
      AnyMachineSnapshot,
      { type: string; params?: unknown }[],
    ]
  const actions: { type: string; params?: unknown }[] = []
  scope.actionExecutor = (action) => {
    actions.push(action as { type: string; params?: unknown })
  }
  try {
    return [machine.transition(snapshot, event as never, scope) as AnyMachineSnapshot, actions]
  } finally {
    scope.actionExecutor = () => {}
  }
}

export async function viewProcess(
  env: RuntimeEnv,
  user: Pick<AuthUser, 'id' | 'privileges' | 'allPrivileges'>,
  id: string,
) {
  const row = await loadProcess(env.db, id)
  const [view] = await buildViews(env.db, env.catalog, [row], actorOf(user))
  return view
}

/** The events this actor may send to this snapshot (for the inbox and the views). */
export function enabledEvents(catalog: ProcessCatalog, row: ProcessRow, actor: Actor): string[] {
  if (row.done) return []
  const definition = definitionFor(catalog, row)
  return nextEvents(definition, rehydrate(definition.machine, row.snapshot as PersistedSnapshot), actor)
}

/** 400 eventNotEnabled: nobody may send this event in this state (the view's nextEvents say what may be). */
function notEnabled(state: string, allowed: string[]) {
  return new AppError(400, 'eventNotEnabled', undefined, {
    fieldErrors: { type: 'eventNotEnabled' },
    state,
    nextEvents: allowed,
  })
}

async function storedResponse(db: Db, userId: string, key: string, processId: string, eventType: string) {
  const [stored] = await db
    .select()
    .from(processIdempotencyKeys)
    .where(and(eq(processIdempotencyKeys.userId, userId), eq(processIdempotencyKeys.key, key)))
  if (!stored) return undefined
  if (stored.processId !== processId || stored.eventType !== eventType)
    throw new AppError(400, 'invalidInput', undefined, {
      fieldErrors: { idempotencyKey: 'idempotencyKeyReused' },
    })
  return stored.response as ProcessView
}

interface EventWrite {
  id: string
  expectedVersion: number
  persisted: PersistedSnapshot
  described: ProcessDescription
  at: Date
  eventType: string
  fromState: string
  byUserId: string
  comment: string
  payloadJson: string | null
  /** The files the payload names (the history lists them). */
  files: string[]
  createdBy: string
}

/** What the event's statement read beside writing: enough, with the cached history, for the view. */
interface Written {
  /** The process's latest history rows up to and including the new row (names not yet attached). */
  history: HistoryRow[]
  /** Everyone the whole history names, up to and including the new row. */
  authors: Set<string>
  /** Display names of every author in the history, the actor and the creator. */
  names: Record<string, string>
  artworks: ProcessView['artworks']
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]
}

/** An array literal for a `::uuid[]` parameter (ids come from the database or the session: only hex). */
function uuidArray(ids: Iterable<string>): string {
  return `{${[...ids].join(',')}}`
}

/** The subject artworks as the view lists them, one JSON array per artwork. */
function artworksSql(processId: string) {
  return sql`(select json_agg(json_build_array(a.id, a.inventory_no, a.title_zh, a.title_en) order by a.inventory_no)
      from process_artworks pa join artworks a on a.id = pa.artwork_id where pa.process_id = ${processId}::uuid)`
}

function artworksOf(json: unknown): ProcessView['artworks'] {
  return ((json ?? []) as [string, string, string, string][]).map(([id, inventoryNo, titleZh, titleEn]) => ({
    id,
    inventoryNo,
    titleZh,
    titleEn,
  }))
}

/**
 * Apply an event's writes in one statement: update the row only if its version still matches, and append
 * the history row with seq = the new version (creation is seq 1 at version 1). The same statement reads
 * what the view needs: the history rows after those already cached, the authors' names and the artworks.
 * One statement sees one snapshot: the history it reads stops before the new row, which is added here.
 * Returns undefined when the version no longer matched (nothing written).
 */
async function writeEvent(q: DbOrTx, w: WriteArgs): Promise<Written | undefined> {
  const { event: e, cached } = w
  const version = e.expectedVersion + 1
  const at = e.at.toISOString()
  const d = e.described
  const known = cached.rows.length > 0 ? cached.rows[cached.rows.length - 1].seq : 0
  const people = new Set(cached.authors)
  people.add(e.byUserId)
  people.add(e.createdBy)
  // process_apply_event (migration 0001) is this statement, planned once per connection.
  const result = await q.execute(sql`
    select o_updated as updated, o_newer as newer, o_names as names, o_artworks as artworks
      from process_apply_event(${e.id}::uuid, ${e.expectedVersion}::int,
        ${JSON.stringify(e.persisted.value)}::jsonb, ${d.state}::text, ${JSON.stringify(e.persisted)}::jsonb,
        ${d.status}::process_status, ${d.currentStep}::text, ${d.done}::boolean, ${at}::timestamptz,
        ${e.eventType}::text, ${e.fromState}::text, ${e.byUserId}::uuid, ${e.comment}::text, ${e.payloadJson}::jsonb,
        ${known}::int, ${uuidArray(people)}::uuid[], ${w.withArtworks}::boolean)`)
  const [row] = rowsOf<{ updated: number; newer: unknown; names: unknown; artworks: unknown }>(result)
  if (!row || Number(row.updated) !== 1) return undefined
  const newer = (
    (row.newer ?? []) as [number, string, string | null, string, string, string, string, unknown][]
  ).map(
    ([seq, type, fromState, toState, by, rowAt, comment, payload]): HistoryRow => ({
      seq,
      type,
      fromState,
      toState,
      by,
      at: new Date(rowAt).toISOString(),
      comment,
      files: payloadFiles(payload),
    }),
  )
  const history = [...cached.rows, ...newer]
  const authors = new Set(cached.authors)
  for (const h of newer) authors.add(h.by)
  authors.add(e.byUserId)
  history.push({
    seq: version,
    type: e.eventType,
    fromState: e.fromState,
    toState: d.state,
    by: e.byUserId,
    at,
    comment: e.comment,
    files: e.files,
  })
  return {
    history,
    authors,
    names: (row.names ?? {}) as Record<string, string>,
    artworks: artworksOf(row.artworks),
  }
}

interface WriteArgs {
  event: EventWrite
  /** The latest history rows already held for this process, and everyone its history names up to them. */
  cached: { rows: readonly HistoryRow[]; authors: ReadonlySet<string> }
  /** Read the artworks in the same statement (not when effects run after it and may change them). */
  withArtworks: boolean
}

/** The subject artworks as they stand now (after effects, inside the event's transaction). */
async function readArtworks(q: DbOrTx, processId: string): Promise<ProcessView['artworks']> {
  const [row] = rowsOf<{ artworks: unknown }>(
    await q.execute(sql`select ${artworksSql(processId)} as artworks`),
  )
  return artworksOf(row?.artworks)
}

/** The view's parts from what the event's statement read: each history row with its author's name. */
function partsFromWritten(written: Written, artworks: ProcessView['artworks'], createdBy: string): ViewParts {
  return {
    history: written.history.map((h) => ({
      seq: h.seq,
      type: h.type,
      fromState: h.fromState,
      toState: h.toState,
      by: h.by,
      byName: written.names[h.by] ?? '',
      at: h.at,
      comment: h.comment,
      files: h.files,
    })),
    artworks,
    createdByName: written.names[createdBy] ?? '',
    people: written.names,
  }
}

/** A process row with its snapshot rebuilt. */
async function loaded(env: RuntimeEnv, id: string): Promise<HeldRow> {
  const row = await loadProcess(env.db, id)
  return {
    row,
    snapshot: rehydrate(definitionFor(env.catalog, row).machine, row.snapshot as PersistedSnapshot),
  }
}

interface Decided extends HeldRow {
  definition: ProcessDefinition
  actor: Actor
  comment: string
  payload: Record<string, unknown> | undefined
}

/** Whether this user may send this event to this row now, with a valid payload; throws the refusal. */
async function decide(
  env: RuntimeEnv,
  { row, snapshot }: HeldRow,
  user: Pick<AuthUser, 'id' | 'privileges' | 'allPrivileges'>,
  request: ProcessEventInput,
  lang: Lang,
): Promise<Decided> {
  const definition = definitionFor(env.catalog, row)
  if (request.expectedVersion !== row.version) throw conflict()
  const actor = actorOf(user)
  const check = checkEvent(definition, snapshot, request.type, actor)
  if (check === 'forbidden') throw forbidden()
  if (check === 'notEnabled') throw notEnabled(row.state, nextEvents(definition, snapshot, actor))
  const comment = request.comment?.trim() ?? ''
  const valid = validateEvent(definition, snapshot, { type: request.type, payload: request.payload, comment })
  if (!valid.ok) throw invalid(issuesToFieldErrors(valid.issues, lang))
  await assertAttachments(env.db, row.currentStep, valid.payload)
  return { row, snapshot, definition, actor, comment, payload: valid.payload }
}

/** POST /api/process/:id/events */
export async function applyEvent(
  env: RuntimeEnv,
  user: Pick<AuthUser, 'id' | 'privileges' | 'allPrivileges'>,
  id: string,
  request: ProcessEventInput,
  lang: Lang,
): Promise<ProcessView> {
  const key = request.idempotencyKey
  if (key) {
    const first = await storedResponse(env.db, user.id, key, id, request.type)
    if (first) return first
  }
  const processCache = processCacheOf(env.db)
  // The row this server wrote at the version the client names needs no load. Should another server have
  // moved on since, the write finds out (409); a refusal decided on a held row is decided again on a
  // fresh one, so the answer is the one a load would have given.
  const held = processCache.row(id, request.expectedVersion)
  let decided: Decided
  try {
    decided = await decide(env, held ?? (await loaded(env, id)), user, request, lang)
  } catch (error) {
    if (!held || !(error instanceof AppError)) throw error
    decided = await decide(env, await loaded(env, id), user, request, lang)
  }
  const { row, definition, snapshot, actor, comment, payload } = decided

  const at = new Date()
  const event: ProcessEvent = {
    type: request.type,
    actor,
    at: at.toISOString(),
    ...(payload !== undefined ? { payload } : {}),
    ...(comment ? { comment } : {}),
  }
  const [next, actions] = pureTransition(definition.machine, snapshot, event)
  if (next === snapshot) throw notEnabled(row.state, [])
  const persisted = persist(definition.machine, next)
  const described = describe(definition, next)
  const done = described.done
  const toState = described.state

  const effects = actions.some((a) => a.type === 'effect')
  const write: EventWrite = {
    id,
    expectedVersion: request.expectedVersion,
    persisted,
    described,
    at,
    eventType: request.type,
    fromState: row.state,
    byUserId: actor.id,
    comment,
    payloadJson: payload === undefined ? null : JSON.stringify(payload),
    files: payloadFiles(payload),
    createdBy: row.createdBy,
  }
  const updatedRow: ProcessRow = {
    ...row,
    stateValue: persisted.value,
    state: toState,
    snapshot: persisted,
    status: described.status,
    currentStep: described.currentStep,
    done,
    version: row.version + 1,
    updatedAt: at,
    finishedAt: done ? at : null,
  }
  const viewFrom = (written: Written, artworks: ProcessView['artworks']) =>
    viewOf(
      definition,
      updatedRow,
      next,
      actor,
      partsFromWritten(written, artworks, row.createdBy),
      described.steps,
    )
  const cached = processCache.history(id)
  const current: HeldRow = { row: updatedRow, snapshot: next }

  try {
    // The common case (no effects, no idempotency key) is one statement: atomic without a transaction.
    if (!effects && !key) {
      const written = await writeEvent(env.db, { event: write, cached, withArtworks: true })
      if (!written) throw conflict()
      processCache.hold(id, { rows: written.history, authors: written.authors }, current)
      return viewFrom(written, written.artworks)
    }
    const [view, written] = await env.db.transaction(async (tx) => {
      const written = await writeEvent(tx, { event: write, cached, withArtworks: !effects })
      if (!written) throw conflict()
      await runEffects(
        tx,
        env,
        {
          lang,
          id,
          type: row.type,
          createdBy: row.createdBy,
          definition,
          context: next.context as ProcessContext,
          event,
          at,
          currentStep: described.currentStep,
          previousStep: row.currentStep,
        },
        actions,
      )
      // Effects may link or create artworks: the view reads them after the effects.
      const view = viewFrom(written, effects ? await readArtworks(tx, id) : written.artworks)
      if (key) {
        await tx
          .insert(processIdempotencyKeys)
          .values({ userId: user.id, key, processId: id, eventType: request.type, response: view })
      }
      return [view, written] as const
    })
    // Only once committed are the new history row and process row true.
    processCache.hold(id, { rows: written.history, authors: written.authors }, current)
    return view
  } catch (error) {
    // A concurrent repeat of the same request lost the race: answer with the winner's result.
    if (key) {
      const first = await storedResponse(env.db, user.id, key, id, request.type).catch(() => undefined)
      if (first) return first
    }
    throw error
  }
}
