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
import { type HistoryRow, historyCacheOf } from './history-cache'
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
  createdBy: string
}

/** What the event's statement read beside writing: enough, with the cached history, for the view. */
interface Written {
  /** The process's history up to and including the new row (names not yet attached). */
  history: HistoryRow[]
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
  const known = cached.length > 0 ? cached[cached.length - 1].seq : 0
  const people = new Set(cached.map((h) => h.by))
  people.add(e.byUserId)
  people.add(e.createdBy)
  const result = await q.execute(sql`
    with u as (
      update processes
         set state_value = ${JSON.stringify(e.persisted.value)}::jsonb, state = ${d.state},
             snapshot = ${JSON.stringify(e.persisted)}::jsonb, status = ${d.status}::process_status,
             current_step = ${d.currentStep}::text, done = ${d.done}::boolean, version = ${version}::int,
             updated_at = ${at}::timestamptz, finished_at = ${d.done ? at : null}::timestamptz
       where id = ${e.id}::uuid and version = ${e.expectedVersion}::int
      returning id
    ), h as (
      insert into process_history (process_id, seq, event_type, from_state, to_state, by_user_id, at, comment, payload)
      select id, ${version}::int, ${e.eventType}::text, ${e.fromState}::text, ${d.state}::text,
             ${e.byUserId}::uuid, ${at}::timestamptz, ${e.comment}::text, ${e.payloadJson}::jsonb
        from u
    )
    select (select count(*)::int from u) as updated,
      (select json_agg(json_build_array(h.seq, h.event_type, h.from_state, h.to_state, h.by_user_id, h.at,
                h.comment, h.payload) order by h.seq)
         from process_history h where h.process_id = ${e.id}::uuid and h.seq > ${known}::int) as newer,
      (select json_object_agg(id, display_name) from users
        where id = any(${uuidArray(people)}::uuid[])
           or id in (select by_user_id from process_history where process_id = ${e.id}::uuid and seq > ${known}::int)) as names,
      ${w.withArtworks ? artworksSql(e.id) : sql`null`} as artworks`)
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
      payload: payload ?? undefined,
    }),
  )
  const history = [...cached, ...newer]
  history.push({
    seq: version,
    type: e.eventType,
    fromState: e.fromState,
    toState: d.state,
    by: e.byUserId,
    at,
    comment: e.comment,
    payload: e.payloadJson === null ? undefined : JSON.parse(e.payloadJson),
  })
  return {
    history,
    names: (row.names ?? {}) as Record<string, string>,
    artworks: artworksOf(row.artworks),
  }
}

interface WriteArgs {
  event: EventWrite
  /** The history rows already held for this process (a prefix, in seq order). */
  cached: readonly HistoryRow[]
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
      payload: h.payload,
    })),
    artworks,
    createdByName: written.names[createdBy] ?? '',
  }
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
  const row = await loadProcess(env.db, id)
  const definition = definitionFor(env.catalog, row)
  if (request.expectedVersion !== row.version) throw conflict()

  const actor = actorOf(user)
  const snapshot = rehydrate(definition.machine, row.snapshot as PersistedSnapshot)
  const check = checkEvent(definition, snapshot, request.type, actor)
  if (check === 'forbidden') throw forbidden()
  if (check === 'notEnabled') throw notEnabled(row.state, nextEvents(definition, snapshot, actor))
  const comment = request.comment?.trim() ?? ''
  const valid = validateEvent(definition, snapshot, { type: request.type, payload: request.payload, comment })
  if (!valid.ok) throw invalid(issuesToFieldErrors(valid.issues, lang))
  const payload = valid.payload
  await assertAttachments(env.db, row.currentStep, payload)

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
  const historyCache = historyCacheOf(env.db)
  const cached = historyCache.get(id)

  try {
    // The common case (no effects, no idempotency key) is one statement: atomic without a transaction.
    if (!effects && !key) {
      const written = await writeEvent(env.db, { event: write, cached, withArtworks: true })
      if (!written) throw conflict()
      historyCache.set(id, written.history)
      return viewFrom(written, written.artworks)
    }
    const [view, history] = await env.db.transaction(async (tx) => {
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
      return [view, written.history] as const
    })
    // Only once committed is the new row part of the history.
    historyCache.set(id, history)
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
