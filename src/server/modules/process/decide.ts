// The "decide" of an event (runtime.ts: load → decide → transition → write): the row at the version the
// client names (held by process-cache.ts, else loaded), the machine version it runs on, whether this user
// may send this event now, and its payload validated. Every refusal is thrown here, before anything is
// written: 409 stale version, 4031 forbidden, 400 eventNotEnabled or field errors (a submitted form also
// passes the check its definition declares on the database, checks/; the artworks of a step that binds
// insurance cover are checked again at its SUBMIT).
import type { ZodType } from 'zod'
import { approvedAlready, submittedBySameSide } from '../../../../machines/setup'
import { TASK_OF_EVENT } from '../../../../machines/tasks'
import type { Actor, ProcessDefinition } from '../../../../machines/types'
import { checkEvent, forbiddenBecause, nextEvents, refusalOf, validateEvent } from '../../../../machines/view'
import type { ProcessEventInput } from '../../../shared/contracts/process'
import { formatMessage, type Lang, type MessageKey } from '../../../shared/errors'
import { dayIn, todayIn } from '../../../shared/office-time'
import { issuesToFieldErrors } from '../../../shared/validation'
import type { Db } from '../../db/client'
import { AppError, conflict, forbidden, invalid } from '../../http/app-error'
import { actingActor, assertNotClaimedByOther } from '../tasks/acting'
import { actorOf, type User } from './actor'
import { assertAttachments } from './attachments'
import type { ProcessCatalog } from './catalog'
import { checkSubmitted } from './checks'
import { assertKnownCurrencies } from './currencies'
import { assertInsurable } from './effects/insurance'
import { type HeldRow, processCacheOf } from './process-cache'
import { linkedArtworks, loadProcess } from './process-store'
import { rehydrate } from './snapshot'
import type { ProcessRow } from './views'

export { actorOf, type User }

/**
 * 4031 for an event this actor may not send now: its own message when no privilege would help (a step's
 * submitter approving it, or confirming that its money moved), else the generic one. A claim of the task
 * the event answers is refused in the same words (tasks/inbox.ts).
 */
export function refusedFor(
  snapshot: HeldRow['snapshot'],
  type: string,
  actor: Actor,
  step: string | null,
): AppError {
  if (forbiddenBecause(snapshot, type, actor) === 'privilege') return forbidden()
  const kind = TASK_OF_EVENT[type]
  if (kind === 'confirmPayment') return new AppError(4031, 'separationOfDuties')
  if (kind === 'approve') {
    const r = step ? snapshot.context.steps[step] : undefined
    const again = !submittedBySameSide(r, actor) && approvedAlready(r, actor)
    return new AppError(4031, again ? 'alreadyApproved' : 'ownSubmission')
  }
  return forbidden()
}

/** Parse with a definition's schema; failures become 400 with field errors under `prefix` (`payload.amount`). */
export function validate(schema: ZodType, value: unknown, prefix: string, lang: Lang) {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const fieldErrors: Record<string, string> = {}
  for (const [path, text] of Object.entries(issuesToFieldErrors(result.error.issues, lang)))
    fieldErrors[path === '_' ? prefix : `${prefix}.${path}`] = text
  throw invalid(fieldErrors)
}

export function definitionFor(catalog: ProcessCatalog, row: Pick<ProcessRow, 'type' | 'definitionVersion'>) {
  const definition = catalog.definitionOf(row.type, row.definitionVersion)
  if (!definition) throw new Error(`the registry lost ${row.type} v${row.definitionVersion}`)
  return definition
}

/**
 * 400 eventNotEnabled: nobody may send this event in this state (the view's nextEvents say what may be), or
 * the state's own refusal (TERMINATE in transit: "record the arrival first").
 */
export function notEnabled(state: string, allowed: string[], message: MessageKey = 'eventNotEnabled') {
  return new AppError(400, message, undefined, {
    fieldErrors: { type: message },
    state,
    nextEvents: allowed,
  })
}

/** A process row with its snapshot rebuilt. */
async function loaded(db: Db, catalog: ProcessCatalog, id: string): Promise<HeldRow> {
  const row = await loadProcess(db, id)
  return { row, snapshot: rehydrate(definitionFor(catalog, row).machine, row.snapshot) }
}

export interface Decided extends HeldRow {
  definition: ProcessDefinition
  actor: Actor
  comment: string
  payload: Record<string, unknown> | undefined
}

/** Whether this user may send this event to this row now, with a valid payload; throws the refusal. */
async function decideOn(
  db: Db,
  catalog: ProcessCatalog,
  { row, snapshot }: HeldRow,
  user: User,
  request: ProcessEventInput,
  lang: Lang,
  timeZone: string,
): Promise<Decided> {
  const definition = definitionFor(catalog, row)
  if (request.expectedVersion !== row.version) throw conflict()
  const actor = await actingActor(db, user, request.onBehalfOf, row.type, timeZone)
  const check = checkEvent(snapshot, request.type, actor)
  if (check === 'forbidden') throw refusedFor(snapshot, request.type, actor, row.currentStep)
  if (check === 'notEnabled')
    throw notEnabled(
      row.state,
      nextEvents(definition, snapshot, actor),
      refusalOf(definition, snapshot, request.type),
    )
  const comment = request.comment?.trim() ?? ''
  const valid = validateEvent(definition, snapshot, { type: request.type, payload: request.payload, comment })
  if (!valid.ok) throw invalid(issuesToFieldErrors(valid.issues, lang))
  await assertNotClaimedByOther(db, row.id, request.type, actor)
  await assertAttachments(db, row.currentStep, valid.payload)
  assertReportDates(snapshot, row.currentStep, request.type, valid.payload, lang, timeZone)
  if (request.type === 'SUBMIT')
    await checkSubmitted(definition, row.currentStep, {
      db,
      lang,
      subject: snapshot.context.subject,
      payload: valid.payload ?? {},
    })
  // A draft's formats wait for its SUBMIT; so does whether its currency is known.
  if (request.type !== 'SAVE') await assertKnownCurrencies(db, valid.payload, 'payload')
  if (request.type === 'SUBMIT') await assertStepMayBind(db, definition, row, snapshot)
  return { row, snapshot, definition, actor, comment, payload: valid.payload }
}

/** The dated hand-over reports of a transport: the field each one dates. */
const REPORT_DATE: Record<string, string> = { DEPART: 'departedOn', ARRIVE: 'arrivedOn' }

/**
 * A transport's hand-over reports keep the condition timeline in order: neither is dated after the office's
 * today, and an arrival is not dated before its departure (the DEPART's own date, else the office's day it
 * was recorded on). Refused at the field, in the request's language.
 */
export function assertReportDates(
  snapshot: HeldRow['snapshot'],
  step: string | null,
  type: string,
  payload: Record<string, unknown> | undefined,
  lang: Lang,
  timeZone: string,
): void {
  const field = REPORT_DATE[type]
  const on = field ? payload?.[field] : undefined
  if (typeof on !== 'string') return
  const path = `payload.${field}`
  if (on > todayIn(timeZone)) throw invalid({ [path]: formatMessage('reportAfterToday', lang) })
  if (type !== 'ARRIVE' || !step) return
  const events = snapshot.context.steps[step]?.events ?? []
  const departure = events.findLast((e) => e.type === 'DEPART')
  if (!departure) return
  const departedOn = departure.payload?.departedOn
  const departed = typeof departedOn === 'string' ? departedOn : dayIn(new Date(departure.at), timeZone)
  if (on < departed) throw invalid({ [path]: formatMessage('arrivalBeforeDeparture', lang) })
}

/**
 * A step that binds insurance cover (`bindsCover`) checks its artworks again at SUBMIT: a work sold or
 * counted missing since the start is refused now, naming it, rather than at the approval.
 */
async function assertStepMayBind(
  db: Db,
  definition: ProcessDefinition,
  row: ProcessRow,
  snapshot: HeldRow['snapshot'],
): Promise<void> {
  if (!definition.steps.some((s) => s.key === row.currentStep && s.bindsCover)) return
  const subject = snapshot.context.subject
  const ids = await linkedArtworks(db, row.id)
  await assertInsurable(db, { type: row.type, subject }, ids, definition.artworkStatuses, { lock: false })
}

/**
 * Load and decide. The row this server wrote at the version the client names needs no load. Should
 * another server have moved on since, the write finds out (409); a refusal decided on a held row is
 * decided again on a fresh one, so the answer is the one a load would have given.
 */
export async function decide(
  db: Db,
  catalog: ProcessCatalog,
  id: string,
  user: User,
  request: ProcessEventInput,
  lang: Lang,
  timeZone = 'Asia/Shanghai',
): Promise<Decided> {
  const held = processCacheOf(db).row(id, request.expectedVersion)
  try {
    return await decideOn(db, catalog, held ?? (await loaded(db, catalog, id)), user, request, lang, timeZone)
  } catch (error) {
    if (!held || !(error instanceof AppError)) throw error
    return decideOn(db, catalog, await loaded(db, catalog, id), user, request, lang, timeZone)
  }
}
