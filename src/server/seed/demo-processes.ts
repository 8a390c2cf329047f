// The demo office at work (VITRINE_DEMO=1): after the demo users and the collection exist, the seed runs
// the machines THROUGH THE RUNTIME (startProcess / applyEvent, as the demo users, with the sample payloads
// of process-samples.ts, the seeded rooms and documents) so that the inbox, the process list and the
// analysts' diagrams show processes of every type in every main state on first start. Whatever an artwork's
// standing is — on loan, at the conservator, in transit, sold, insured, counted — it got there by a process:
// the catalogue only says where it wants an artwork (DemoIntent), these processes take it there. Every
// `at` is the moment of seeding (the runtime stamps events itself); dates inside the forms are spread
// around that day. Deterministic apart from those dates. Runs inside the seed's transaction: all or nothing.
import { and, eq, inArray, sql } from 'drizzle-orm'
import { declaredFollowUps, followUpInput } from '../../../machines/follow-ups'
import { latest, registeredTypes } from '../../../machines/registry'
import type { ProcessView } from '../../shared/contracts/process'
import { dayIn } from '../../shared/office-time'
import { SEEDED_ROLES } from '../../shared/privileges'
import type { ProcessType } from '../../shared/process-types'
import { addMoney, fromCents, toCents } from '../../shared/validation'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { artists, artworks, conditionCheckRules, processes, rooms, users } from '../db/schema'
import { AppError } from '../http/app-error'
import { recordValuation } from '../modules/artworks/record-store'
import { machineCatalog } from '../modules/process/machine-catalog'
import { applyEvent, type RuntimeEnv, startProcess, viewProcess } from '../modules/process/runtime'
import type { DemoPlan } from './demo-artworks'
import { EXHIBITION_TITLES } from './demo-artworks/catalogue'
import { insertDemoDocuments } from './demo-documents'
import { DEMO_USERS, type DemoUsername } from './demo-users'
import { sampleDraft, sampleInput, sampleStepData } from './process-samples'

type Who = DemoUsername | 'admin'
type Data = Record<string, unknown>
/** Payload fields laid over the sample, by step key (SUBMIT) or event type (DEPART, RETURN, ...). */
type Overrides = Record<string, Data>
type User = { id: string; privileges: Set<string>; allPrivileges: boolean }

const APPROVERS: Who[] = ['approver', 'admin']
const latestFollowUps = declaredFollowUps(registeredTypes().map((t) => latest(t)))
const PAYERS: Who[] = ['finance', 'admin']
const OPERATORS: Who[] = ['operations', 'registrar']

/**
 * The purchases the demo office has paid (each made one artwork), and where their shipping in stands: one
 * warehoused (its batch is in the transport history), one on the road, one arrived and awaiting warehousing
 * (the batch stock-in screen lists it).
 */
const PAID_PURCHASES = [
  ['SH-FTZ', 'completed'],
  ['HK-KC', 'transport.transporting'],
  ['LDN', 'warehousing.draft'],
] as const
/** Artworks the demo processes add to the catalogue's (the paid purchases'). */
export const DEMO_PURCHASED_COUNT = PAID_PURCHASES.length
/** Artworks held without being owned (`entries`, `borrowing`): two entered works, one borrowed. */
export const DEMO_NOT_OWNED_COUNT = 3

/** What the seed did, for the log line of a first start. */
export interface DemoProcessesSummary {
  processes: number
  events: number
  /** Wall-clock time, and the CPU time of this process (PGlite runs in it; less swayed by a busy machine). */
  ms: number
  cpuMs: number
}

interface Room {
  id: string
  code: string
  name: string
}

/** The office: the runtime, the demo users and the records the processes name. */
class Office {
  readonly env: RuntimeEnv
  events = 0
  started = 0
  constructor(
    db: Db,
    config: Config,
    readonly users: Record<Who, User>,
    readonly documents: Partial<Record<ProcessType, string>>,
    readonly today: Date,
  ) {
    this.env = { db, config, catalog: machineCatalog }
  }

  /** A date `offset` days from the office's day of seeding. */
  day(offset: number): string {
    return dayIn(new Date(this.today.getTime() + offset * 86_400_000), this.env.config.timeZone)
  }

  async start(
    type: ProcessType,
    by: Who,
    input: Data,
    options: { room?: string; data?: Overrides; variants?: Record<string, number> } = {},
  ): Promise<DemoProcess> {
    const view = await this.run(`${type} start`, () =>
      startProcess(this.env, this.users[by], type, input, 'en'),
    )
    this.started++
    return this.follow(view, by, options)
  }

  /** Drive a process that an effect opened (BUY_ART_TRANS after a purchase). */
  async openedBy(source: DemoProcess, type: ProcessType, options: { room?: string; data?: Overrides } = {}) {
    const [row] = await this.env.db
      .select({ id: processes.id })
      .from(processes)
      .where(
        and(
          eq(processes.type, type),
          sql`${processes.snapshot}->'context'->'subject'->>'sourceProcessId' = ${source.view.id}`,
        ),
      )
    if (!row) throw new Error(`demo processes: ${source.view.type} opened no ${type}`)
    const view = await viewProcess(this.env, this.users[source.starter], row.id)
    return this.follow(view, source.starter, options)
  }

  private follow(
    view: ProcessView,
    by: Who,
    options: { room?: string; data?: Overrides; variants?: Record<string, number> },
  ) {
    const samples = sampleStepData(view.type, {
      artworkIds: [view.artworks[0]?.id ?? '', view.artworks[1]?.id ?? view.artworks[0]?.id ?? ''],
      roomId: options.room ?? '',
      fileId: this.documents[view.type] ?? '',
    })
    return new DemoProcess(this, view, by, samples, this.dated(options.data), options.variants ?? {})
  }

  /** The dates of the forms, around the day of seeding (the samples' own dates are fixed in 2026). */
  private dated(data: Overrides = {}): Overrides {
    const d = (n: number) => this.day(n)
    const transport = { plannedDeparture: d(-3), plannedArrival: d(4) }
    const contract = { effectiveDate: d(-20), endDate: d(400) }
    const base: Overrides = {
      transport,
      transportInfo: transport,
      artworkTransport: transport,
      contract,
      DEPART: { departedOn: d(-2) },
      ARRIVE: { arrivedOn: d(-1) },
      CONFIRM_PAYMENT: { paidOn: d(0) },
      RETURN: { returnedOn: d(0) },
      collection: { expectedDate: d(14) },
      warehousing: { warehousedOn: d(0) },
      delivery: { deliveredOn: d(0), completedOn: d(0) },
      mountingInfo: { plannedCompletion: d(45) },
      repairInfo: { plannedCompletion: d(60) },
      replicaInfo: { plannedCompletion: d(30) },
      replication: { completedOn: d(-1) },
      shootingInfo: { shootDate: d(-5) },
      shooting: { shotOn: d(-5) },
      quotation: { startDate: d(-60), endDate: d(305) },
      policy: { startDate: d(-60), endDate: d(305) },
      renewal: { startDate: d(306), endDate: d(670) },
      incident: { incidentDate: d(-40) },
      reasons: { proposedOn: d(-45) },
      assessment: { assessedOn: d(-38) },
      actions: { closedOn: d(-5) },
      findings: { checkedOn: d(-20), nextDueOn: d(345) },
      decision: { decidedOn: d(-25) },
      claim: { submittedOn: d(-30) },
      counting: { countedOn: d(0) },
      loan: { startDate: d(-30), endDate: d(75) },
      entry: { enteredOn: d(-21), expectedReturnOn: d(30) },
      receipt: { receivedOn: d(-21) },
      outcome: { decidedOn: d(-3) },
      agreement: { startOn: d(-12), endOn: d(80) },
      insurance: { coverFrom: d(-16), coverUntil: d(88) },
      arrival: { arrivedOn: d(-12) },
      loanInReturn: { returnedOn: d(0) },
    }
    const out: Overrides = { ...base }
    for (const [key, value] of Object.entries(data)) out[key] = { ...base[key], ...value }
    return out
  }

  /** Run one runtime call; a refusal names the process, the state and the server's field errors. */
  async run<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (error) {
      throw explain(what, error)
    }
  }
}

/** A refusal of the runtime as a seed failure that says what was refused and why. */
function explain(what: string, error: unknown): unknown {
  if (!(error instanceof AppError)) return error
  return new Error(
    `demo processes: ${what} refused (${error.code} ${error.messageKey} ${JSON.stringify(error.data)})`,
  )
}

/** One process as the demo users drive it. */
class DemoProcess {
  constructor(
    private readonly office: Office,
    public view: ProcessView,
    readonly starter: Who,
    private readonly samples: Record<string, Data[]>,
    private readonly data: Overrides,
    private readonly variants: Record<string, number>,
  ) {}

  get id() {
    return this.view.id
  }

  /** The payload of a step's SUBMIT or of an own event: the sample, with this process's fields over it. */
  private payloadFor(key: string | null): Data | undefined {
    if (!key) return undefined
    const sample = this.samples[key]?.[this.variants[key] ?? 0]
    const extra = this.data[key]
    if (!sample) return extra
    // Only fields the sample's form has (the forms are strict objects), and the optional ones named here.
    const over = Object.entries(extra ?? {}).filter(([k]) => k in sample || OPTIONAL.has(k))
    return { ...sample, ...Object.fromEntries(over) }
  }

  private fillers(): Who[] {
    return [...new Set<Who>([this.starter, 'operations', 'registrar'])]
  }

  /** Send an event as the first of `who` the machine lets send it. */
  async send(type: string, who: Who[], extra: { payload?: Data; comment?: string } = {}): Promise<this> {
    for (const name of who) {
      try {
        this.view = await applyEvent(
          this.office.env,
          this.office.users[name],
          this.view.id,
          { type, expectedVersion: this.view.version, ...extra },
          'en',
        )
        this.office.events++
        return this
      } catch (error) {
        // Not this user's to send (the submitter may not approve; one approver may not approve twice).
        if (error instanceof AppError && (error.code === 4031 || error.messageKey === 'eventNotEnabled'))
          continue
        throw explain(`${this.view.type} ${type} in ${this.view.state} by ${name}`, error)
      }
    }
    throw new Error(
      `demo processes: none of ${who.join(', ')} may send ${type} to ${this.view.type} in ${this.view.state}`,
    )
  }

  /** Along the happy path (submit, approve, pay, depart, arrive, return) until the process is in `target`. */
  async to(target: string): Promise<this> {
    for (let i = 0; this.view.state !== target; i++) {
      if (this.view.done || i > 40)
        throw new Error(
          `demo processes: ${this.view.type} does not reach ${target} (stopped in ${this.view.state})`,
        )
      await this.next()
    }
    return this
  }

  private next(): Promise<this> {
    const leaf = this.view.state.split('.').pop()
    switch (leaf) {
      case 'draft':
      case 'rejected':
        return this.send('SUBMIT', this.fillers(), { payload: this.payloadFor(this.view.currentStep) })
      case 'submitted':
        return this.send('APPROVE', APPROVERS)
      case 'awaitingPayment':
        return this.send('CONFIRM_PAYMENT', PAYERS, { payload: this.payloadFor('CONFIRM_PAYMENT') })
      case 'paymentFailed':
        return this.send('RETRY_PAYMENT', PAYERS)
      case 'toBeTransported':
        return this.send('DEPART', OPERATORS, { payload: this.payloadFor('DEPART') })
      case 'transporting':
        return this.send('ARRIVE', OPERATORS, { payload: this.payloadFor('ARRIVE') })
      case 'onLoan':
        return this.send('RETURN', OPERATORS, { payload: this.payloadFor('RETURN') })
      case 'withUs':
        return this.send('RETURN', OPERATORS, { payload: this.payloadFor('loanInReturn') })
      default:
        throw new Error(`demo processes: no way on from ${this.view.type} ${this.view.state}`)
    }
  }

  save() {
    const step = this.view.currentStep
    const sample = step ? this.samples[step] : undefined
    return this.send('SAVE', this.fillers(), { payload: sampleDraft(sample ?? []) })
  }
  reject(comment: string) {
    return this.send('REJECT', APPROVERS, { comment })
  }
  failPayment(comment: string) {
    return this.send('PAYMENT_FAILED', PAYERS, { comment })
  }
  terminate(comment: string) {
    return this.send('TERMINATE', [this.starter, 'approver', 'admin'], { comment })
  }
  restart() {
    return this.send('RESTART', [this.starter, 'approver', 'admin'])
  }
}

/** Optional form fields the overrides may add to a sample that lacks them (transport rooms). */
const OPTIONAL = new Set(['fromRoomId', 'toRoomId'])

const COMMENTS = {
  reject: [
    '请补充来源证明与前藏家信息 / Please add the provenance documents and the previous owner.',
    '报价偏高，请再询一家 / The quote is high: please ask a second vendor.',
    '日期与合同不一致，请核对 / The dates do not match the contract: please check.',
    '附件缺少签字页 / The signed page is missing from the attachment.',
  ],
  terminate: [
    '计划取消 / Plan cancelled.',
    '卖方撤回作品 / The seller withdrew the work.',
    '展期推迟至明年 / The exhibition moved to next year.',
    '改由年度保单承保 / Covered by the annual policy instead.',
  ],
  failed: [
    '银行退回汇款：收款账号有误 / The bank returned the transfer: wrong account number.',
    '对方未按期付款 / The buyer did not pay on the agreed date.',
  ],
}

/** A policy's sum insured in yuan: the yuan valuations of its artworks, 500,000 for each of the others. */
async function sumInsured(db: Db, ids: string[]): Promise<string> {
  const rows = await db
    .select({ value: artworks.latestValuation, currency: artworks.latestValuationCurrency })
    .from(artworks)
    .where(inArray(artworks.id, ids))
  const yuan = rows.filter((r) => r.currency === 'CNY' && r.value !== null).map((r) => r.value!)
  const others = rows.length - yuan.length
  return addMoney('0', ...yuan, ...Array.from({ length: others }, () => '500000.00'))
}

/** Three yuan-valued works revalued by 20 %, 35 % and 50 % (the valuations module's own write). */
async function revalueInsured(db: Db, by: string, ids: string[], on: string): Promise<void> {
  if (ids.length === 0) return
  const rows = await db
    .select({ id: artworks.id, value: artworks.latestValuation })
    .from(artworks)
    .where(and(inArray(artworks.id, ids), eq(artworks.latestValuationCurrency, 'CNY')))
    .orderBy(artworks.inventoryNo)
  for (const [i, rise] of [120n, 135n, 150n].entries()) {
    const row = rows[i]
    if (!row?.value) continue
    const value = fromCents((toCents(row.value) * rise) / 100n)
    // The valuations module's write, in a transaction of its own as its route makes it.
    await db.transaction((tx) =>
      recordValuation(
        tx,
        row.id,
        { latestValuation: value, latestValuationCurrency: 'CNY', valuationDate: on },
        by,
      ),
    )
  }
}

/** Transport form fields from the first artwork's room to a place (a room, or a place in words). */
type MoveTo = (ids: string[], to: Room | string) => Data

/**
 * What every story of the demo office works with: the office (the demo users driving the runtime), the rooms,
 * and the catalogue's artworks by what the plan wants of them. `take` hands out artworks at rest, in the
 * catalogue's order, so the stories below, run in their order, always pick the same ones.
 */
interface Scene {
  db: Db
  who: Record<Who, User>
  office: Office
  plan: DemoPlan
  d: (n: number) => string
  room: (code: string) => Room
  home: (id: string) => Room
  collection: { id: string; roomId: string | null; inventoryNo: string | null }[]
  /** Artworks at rest, free for the operations (each live process holds its own). */
  free: string[]
  take: (n: number) => string[]
  /** Artworks the catalogue wants away from the vaults (at the conservator, the framer, on the road). */
  away: string[]
  takeAway: (n: number) => string[]
  moveTo: MoveTo
}

const CONSERVATOR = '修复工作室，香港 / Conservation studio, Hong Kong'
const MOUNTER = '荣宝斋装裱工作室，北京 / Rongbaozhai mounting studio, Beijing'

async function sceneOf(db: Db, config: Config, plan: DemoPlan): Promise<Scene> {
  const userRows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['admin', ...DEMO_USERS.map((u) => u.username)]))
  const idOf = new Map(userRows.map((u) => [u.username, u.id]))
  const roleOf = new Map(SEEDED_ROLES.map((r) => [r.key, r]))
  const userOf = (username: string, roleKey: string): User => {
    const id = idOf.get(username)
    const role = roleOf.get(roleKey)
    if (!id || !role) throw new Error(`demo processes: no demo user ${username}`)
    return { id, privileges: new Set(role.privileges), allPrivileges: role.allPrivileges }
  }
  const who = Object.fromEntries([
    ['admin', userOf('admin', 'administrator')],
    ...DEMO_USERS.map((u) => [u.username, userOf(u.username, u.role)]),
  ]) as Record<Who, User>
  // A document for each type whose forms attach files (the samples name the file they are given).
  const probe = '00000000-0000-4000-8000-00000000d0c0'
  const attaching = machineCatalog
    .types()
    .filter((type) =>
      JSON.stringify(sampleStepData(type, { artworkIds: ['', ''], roomId: '', fileId: probe })).includes(
        probe,
      ),
    )
  const documents = await insertDemoDocuments(db, who.admin.id, attaching)
  const office = new Office(db, config, who, documents, new Date())

  const roomRows = await db
    .select({ id: rooms.id, code: rooms.code, nameZh: rooms.nameZh, nameEn: rooms.nameEn })
    .from(rooms)
    .orderBy(rooms.code)
  const room = (code: string): Room => {
    const r = roomRows.find((x) => x.code === code) ?? roomRows[0]
    return { id: r.id, code: r.code, name: `${r.nameZh} / ${r.nameEn}` }
  }
  const roomById = new Map(roomRows.map((r) => [r.id, room(r.code)]))
  const collection = await db
    .select({ id: artworks.id, roomId: artworks.roomId, inventoryNo: artworks.inventoryNo })
    .from(artworks)
    .where(inArray(artworks.id, [...plan.intents.keys()]))
    .orderBy(artworks.inventoryNo)
  const homeOf = new Map(collection.map((a) => [a.id, a.roomId ? roomById.get(a.roomId) : undefined]))
  const home = (id: string): Room => homeOf.get(id) ?? room('SH-FTZ')
  const intent = (id: string) => plan.intents.get(id)?.kind ?? 'rest'
  const free = collection
    .filter((a) => intent(a.id) === 'rest' || intent(a.id) === 'insured')
    .map((a) => a.id)
  const take = (n: number): string[] => {
    if (free.length < n) throw new Error('demo processes: the collection is too small for the demo office')
    return free.splice(0, n)
  }
  const away = collection.filter((a) => intent(a.id) === 'away').map((a) => a.id)
  const moveTo: MoveTo = (ids, to) => {
    const from = home(ids[0])
    return typeof to === 'string'
      ? { fromLocation: from.name, fromRoomId: from.id, toLocation: to }
      : { fromLocation: from.name, fromRoomId: from.id, toLocation: to.name, toRoomId: to.id }
  }
  return {
    db,
    who,
    office,
    plan,
    d: (n) => office.day(n),
    room,
    home,
    collection,
    free,
    take,
    away,
    takeAway: (n) => (away.length >= n ? away.splice(0, n) : take(n)),
    moveTo,
  }
}

/** Stocktakes, first, while every artwork is at rest in its room: one completed, one counted, one terminated. */
async function stocktakes(s: Scene): Promise<void> {
  const inRoom = (code: string) => s.collection.filter((a) => a.roomId === s.room(code).id).map((a) => a.id)
  // The count lists every artwork of the room; one missing at the count turns up in the discrepancies step.
  const count = async (code: string, missing: string[], by: Who = 'registrar') =>
    s.office.start(
      'INVENTORY_CHECK',
      by,
      { roomId: s.room(code).id, plannedOn: s.d(0) },
      {
        room: s.room(code).id,
        data: {
          counting: {
            foundArtworkIds: inRoom(code).filter((id) => !missing.includes(id)),
            missingArtworkIds: missing,
          },
          discrepancies: { foundArtworkIds: missing, missingArtworkIds: [] },
        },
        variants: { counting: missing.length > 0 ? 1 : 0 },
      },
    )
  await (await count('BJ-OFFICE', inRoom('BJ-OFFICE').slice(-1))).to('completed')
  // Counted, awaiting approval: the room's artworks stay out of the operations below.
  const counted = inRoom('SG-FP')
  for (let i = s.free.length - 1; i >= 0; i--) if (counted.includes(s.free[i])) s.free.splice(i, 1)
  await (await count('SG-FP', [], 'operations')).to('counting.submitted')
  await (await count('LDN', [], 'operations')).terminate(COMMENTS.terminate[0])
}

/** Annual insurance: the two policies the catalogue's insured artworks are under, then one under way, one ended. */
async function annualInsurance(s: Scene): Promise<DemoProcess[]> {
  const insuredBy = (policy: 0 | 1) =>
    s.collection
      .filter((a) => {
        const i = s.plan.intents.get(a.id)
        return i?.kind === 'insured' && i.policy === policy
      })
      .map((a) => a.id)
  const annual: DemoProcess[] = []
  for (const [policy, insurer, no, start, end] of [
    [0, 'AXA XL Art', 'AXA-FA-2026-0117', -60, 305],
    [1, 'Hiscox Fine Art', 'HFA-2026-0409', -200, 165],
  ] as const) {
    const ids = insuredBy(policy)
    if (ids.length === 0) continue
    // The sum insured: each work valued in yuan at its valuation, 500,000 yuan for each of the others (their
    // valuations are in other currencies, never converted): the schedule shares it out exactly so.
    const sum = await sumInsured(s.db, ids)
    const terms = { insurer, startDate: s.d(start), endDate: s.d(end), insuredAmount: sum, currency: 'CNY' }
    const p = await s.office.start(
      'INSURANCE_ANNUAL',
      'operations',
      { artworkIds: ids },
      {
        data: {
          quotation: terms,
          policy: { ...terms, policyNo: no },
          premiumPayment: { payeeAccountName: insurer },
        },
      },
    )
    annual.push(await p.to('completed'))
  }
  // Since then three works of the first policy were revalued upwards (the commonest way a collection ends up
  // under-insured): the under-insurance check flags them against the schedule recorded with the policy.
  await revalueInsured(s.db, s.who.approver.id, annual[0]?.view.artworks.map((a) => a.id) ?? [], s.d(-12))
  await (await s.office.start('INSURANCE_ANNUAL', 'operations', { artworkIds: s.take(2) })).to(
    'policy.submitted',
  )
  const quoted = await s.office.start('INSURANCE_ANNUAL', 'registrar', { artworkIds: s.take(2) })
  await (await quoted.to('quotation.submitted')).terminate(COMMENTS.terminate[3])
  return annual
}

/** Loans: one per borrower the catalogue lends to, the last still on its way there; and one completed. */
async function loans(s: Scene): Promise<DemoProcess[]> {
  const venues = new Map<string, { venue: readonly [string, string, string]; ids: string[] }>()
  for (const a of s.collection) {
    const i = s.plan.intents.get(a.id)
    if (i?.kind !== 'loan') continue
    const group = venues.get(i.venue[1]) ?? { venue: i.venue, ids: [] }
    group.ids.push(a.id)
    venues.set(i.venue[1], group)
  }
  const groups = [...venues.values()].sort((a, b) => a.venue[1].localeCompare(b.venue[1]))
  const out: DemoProcess[] = []
  for (const [i, { venue, ids }] of groups.entries()) {
    const [titleZh, titleEn] = EXHIBITION_TITLES[i % EXHIBITION_TITLES.length]
    const place = `${venue[0]} / ${venue[1]}`
    const p = await s.office.start(
      'OPERATION_LOAN_EXHIBITION_ART',
      'operations',
      { artworkIds: ids },
      {
        room: s.home(ids[0]).id,
        data: {
          loan: {
            borrower: place,
            venue: place,
            exhibitionName: `${titleZh} / ${titleEn}`,
            country: venue[2],
          },
          artworkTransport: s.moveTo(ids, place),
        },
      },
    )
    out.push(await p.to(i === groups.length - 1 ? 'artworkTransport.transporting' : 'return.onLoan'))
  }
  const lent = s.take(2)
  await (
    await s.office.start(
      'OPERATION_LOAN_EXHIBITION_ART',
      'operations',
      { artworkIds: lent },
      {
        room: s.home(lent[0]).id,
        data: { artworkTransport: s.moveTo(lent, 'Power Station of Art, Shanghai') },
      },
    )
  ).to('completed')
  return out
}

/** Cover for the first loan: the policy approved, its premium awaiting payment. */
async function loanCover(s: Scene, loan: DemoProcess | undefined): Promise<void> {
  if (!loan) return
  const input = { artworkIds: loan.view.artworks.map((a) => a.id), operationProcessId: loan.id }
  const data = { policy: { policyNo: 'AXA-TR-2026-031' } }
  await (await s.office.start('INSURANCE_OPERATION', 'operations', input, { data })).to(
    'premiumPayment.awaitingPayment',
  )
}

/** Renewals of the annual policies: one renewed (its policy awaiting approval), one to lapse, one sent back. */
async function renewals(s: Scene, annual: DemoProcess[]): Promise<void> {
  if (annual[0]) {
    const terms = { insurer: 'AXA XL Art', startDate: s.d(306), endDate: s.d(670) }
    const input = {
      artworkIds: annual[0].view.artworks.map((a) => a.id),
      previousProcessId: annual[0].id,
      previousPolicyNo: 'AXA-FA-2026-0117',
    }
    const data = { renewal: terms, policy: { ...terms, policyNo: 'AXA-FA-2027-0117' } }
    await (await s.office.start('INSURANCE_RENEWAL', 'operations', input, { data })).to('policy.submitted')
  }
  if (annual[1]) {
    const input = {
      artworkIds: annual[1].view.artworks.map((a) => a.id),
      previousProcessId: annual[1].id,
      previousPolicyNo: 'HFA-2026-0409',
    }
    await (await s.office.start('INSURANCE_RENEWAL', 'registrar', input, { variants: { renewal: 1 } })).to(
      'renewal.submitted',
    )
  }
  const renewal = await s.office.start('INSURANCE_RENEWAL', 'operations', { artworkIds: s.take(2) })
  await (await renewal.to('renewal.submitted')).reject(COMMENTS.reject[1])
}

/** A repair of these artworks at the conservator, taken to `target`. */
async function repair(s: Scene, ids: string[], target: string): Promise<DemoProcess> {
  const p = await s.office.start(
    'OPERATION_REPAIR_ART',
    'operations',
    { artworkIds: ids },
    { room: s.home(ids[0]).id, data: { artworkTransport: s.moveTo(ids, CONSERVATOR) } },
  )
  return p.to(target)
}

/** A mounting of these artworks at the framer, taken to `target`. */
async function mount(s: Scene, ids: string[], target: string): Promise<DemoProcess> {
  const p = await s.office.start(
    'OPERATION_MOUNT_ART',
    'operations',
    { artworkIds: ids },
    { room: s.home(ids[0]).id, data: { artworkTransport: s.moveTo(ids, MOUNTER) } },
  )
  return p.to(target)
}

/** A transport of these artworks into a room, taken to `target`. */
async function transport(s: Scene, ids: string[], to: Room, target: string): Promise<DemoProcess> {
  const p = await s.office.start(
    'OPERATION_TRANS_ART',
    'operations',
    { artworkIds: ids },
    { room: to.id, data: { transportInfo: s.moveTo(ids, to) } },
  )
  return p.to(target)
}

/** The conservators and the road: the artworks the catalogue has away from the vaults get there. */
async function awayFromTheVaults(s: Scene): Promise<void> {
  const share = Math.max(1, Math.ceil(s.away.length / 6))
  await repair(s, s.takeAway(share), 'delivery.submitted')
  await repair(s, s.takeAway(share), 'artworkTransport.transporting')
  await mount(s, s.takeAway(share), 'delivery.draft')
  await mount(s, s.takeAway(share), 'artworkTransport.transporting')
  // The rest of the artworks away: one shipment between vaults, on the road.
  if (s.away.length > 0) {
    const ids = s.away.splice(0)
    const to = s.home(ids[0]).code === 'GVA-FP' ? s.room('HK-KC') : s.room('GVA-FP')
    await transport(s, ids, to, 'transport.transporting')
  }
}

/** Transports in their main states; returns the arrived one (its shipper is paid below). */
async function transports(s: Scene): Promise<DemoProcess> {
  const moved = s.take(1)
  const to = s.home(moved[0]).code === 'HK-KC' ? s.room('SH-FTZ') : s.room('HK-KC')
  const arrived = await transport(s, moved, to, 'completed')
  await transport(s, s.take(1), s.room('SG-FP'), 'transport.toBeTransported')
  const again = await transport(s, s.take(1), s.room('GVA-FP'), 'transportInfo.submitted')
  await (await again.terminate(COMMENTS.terminate[0])).restart()
  return arrived
}

/** Workshops ended early: a repair terminated before it left, a mounting sent back. */
async function workshopsEnded(s: Scene): Promise<void> {
  await (await repair(s, s.take(1), 'artworkTransport.draft')).terminate(COMMENTS.terminate[0])
  await (await mount(s, s.take(1), 'mountingInfo.submitted')).reject(COMMENTS.reject[1])
}

/** Photography: one completed, one shooting awaiting approval, one terminated. */
async function photography(s: Scene): Promise<void> {
  const shot = (target: string) =>
    s.office.start('OPERATION_SHOT_ART', 'operations', { artworkIds: s.take(2) }).then((p) => p.to(target))
  await shot('completed')
  await shot('shooting.submitted')
  await (await shot('shootingInfo.draft')).terminate(COMMENTS.terminate[0])
}

/** Replicas: one completed, one replication saved as a draft, one order sent back. */
async function replicas(s: Scene): Promise<void> {
  const replica = (target: string) =>
    s.office.start('OPERATION_REPLICA_ART', 'registrar', { artworkIds: s.take(1) }).then((p) => p.to(target))
  await replica('completed')
  await (await replica('replication.draft')).save()
  await (await replica('replicaInfo.submitted')).reject(COMMENTS.reject[1])
}

/** A deaccession of these works by the registrar, along the happy path to `target` (variant 1: a rejection). */
function deaccession(s: Scene, ids: string[], target: string, decision = 0): Promise<DemoProcess> {
  return s.office
    .start('DEACCESSION', 'registrar', { artworkIds: ids }, { variants: { decision } })
    .then((p) => p.to(target))
}

/**
 * Deaccessions beside the sales' (each sale follows an approved one): one rejected (the work stays), one
 * waiting for the decision's approval.
 */
async function deaccessions(s: Scene): Promise<void> {
  await deaccession(s, s.take(1), 'notApproved', 1)
  await deaccession(s, s.take(1), 'decision.submitted')
}

/**
 * Sales: one sold and paid in full (two approvals above the limit), one collection failed, one terminated;
 * each on a work whose deaccession was approved first (a sale starts on no other).
 */
async function sales(s: Scene): Promise<void> {
  const buyers = [
    '私人藏家（香港）/ Private collector, Hong Kong',
    '新加坡某基金会 / A foundation in Singapore',
  ]
  // A sale's one collection is its full payment: the contract variant and the collection variant agree.
  const sale = async (target: string, buyer = buyers[0], variant = 0) => {
    const ids = s.take(1)
    await deaccession(s, ids, 'completed')
    return s.office
      .start(
        'OPERATION_SELL_ART',
        'registrar',
        { artworkIds: ids },
        {
          data: {
            contract: { counterparty: buyer, number: `HT-S-${s.d(0).slice(0, 4)}-0${s.office.started}` },
            collection: { payerCompany: buyer },
          },
          variants: { contract: variant, collection: variant },
        },
      )
      .then((p) => p.to(target))
  }
  // Sold and paid in full; its delivery to the buyer not started yet.
  await sale('completed', buyers[1], 1)
  await (await sale('collection.awaitingPayment')).failPayment(COMMENTS.failed[1])
  await (await sale('marketSurvey.submitted')).terminate(COMMENTS.terminate[0])
}

/** Purchases: the paid ones with their shipping in (on the road; arrived, awaiting warehousing), the others on the way. */
async function purchases(s: Scene): Promise<void> {
  const artistRows = await s.db.select({ id: artists.id }).from(artists).orderBy(artists.nameEn).limit(5)
  const lots: [string, string][] = [
    ['秋山行旅图', 'Travellers among Autumn Mountains'],
    ['蓝色的回声', 'Blue Echo'],
    ['静物与窗', 'Still Life with Window'],
    ['江畔晨雾', 'Morning Mist on the River'],
    ['松风', 'Wind in the Pines'],
    ['雪夜访友', 'A Visit on a Snowy Night'],
  ]
  const buy = (i: number, target: string) =>
    s.office
      .start(
        'BUY_ART',
        'registrar',
        {
          artworks: [
            {
              titleZh: lots[i][0],
              titleEn: lots[i][1],
              ...(artistRows[i] ? { artistId: artistRows[i].id } : {}),
            },
          ],
        },
        { data: { contract: { number: `HT-B-${s.d(0).slice(0, 4)}-0${i + 1}` } } },
      )
      .then((p) => p.to(target))
  for (const [i, [code, target]] of PAID_PURCHASES.entries()) {
    const shipping = await s.office.openedBy(await buy(i, 'completed'), 'BUY_ART_TRANS', {
      room: s.room(code).id,
      data: { transport: { toLocation: s.room(code).name } },
    })
    await shipping.to(target)
  }
  await (await buy(3, 'payment.awaitingPayment')).failPayment(COMMENTS.failed[0])
  await (await buy(4, 'dueDiligence.submitted')).reject(COMMENTS.reject[0])
  await (await (await buy(5, 'dueDiligence.draft')).terminate(COMMENTS.terminate[1])).restart()
}

/** Claims under the annual policy: one paid, one sent back. */
async function claims(s: Scene): Promise<void> {
  const claim = (target: string) =>
    s.office
      .start(
        'INSURANCE_PAYOUT',
        'operations',
        { artworkIds: s.take(1), policyNo: 'AXA-FA-2026-0117' },
        { data: { claim: { policyNo: 'AXA-FA-2026-0117' } } },
      )
      .then((p) => p.to(target))
  await claim('completed')
  await (await claim('incident.submitted')).reject(COMMENTS.reject[0])
}

/**
 * A damage to a work: the case recorded, assessed and closed, and the claim to the insurer made from it (it
 * names the case), waiting for the claim's approval.
 */
async function damages(s: Scene): Promise<void> {
  const ids = s.take(1)
  const incident = await (await s.office.start('DAMAGE_LOSS', 'operations', { artworkIds: ids })).to(
    'completed',
  )
  const policyNo = 'AXA-FA-2026-0117'
  const claim = await s.office.start(
    'INSURANCE_PAYOUT',
    'operations',
    { artworkIds: ids, policyNo, sourceProcessId: incident.id },
    { data: { claim: { policyNo } } },
  )
  await claim.to('claim.submitted')
}

/**
 * Condition checks: two works under a yearly rule — one last checked 13 months ago, whose next check is
 * overdue (the daily job starts it, planned for the day it fell due), one checked last month and scheduled
 * for next year — and a check planned for next week, started by hand.
 */
async function conditionChecks(s: Scene): Promise<void> {
  const [overdue, scheduled, planned] = [s.take(1), s.take(1), s.take(1)]
  const closed = async (ids: string[], checkedOn: string, nextDueOn: string) =>
    (
      await s.office.start(
        'CONDITION_CHECK',
        'operations',
        { artworkIds: ids },
        {
          data: { findings: { checkedOn, nextDueOn } },
        },
      )
    ).to('completed')
  await closed(overdue, s.d(-400), s.d(-35))
  await closed(scheduled, s.d(-30), s.d(335))
  const operations = s.who.operations.id
  await s.db.insert(conditionCheckRules).values(
    [overdue[0], scheduled[0]].map((artworkId) => ({
      artworkId,
      intervalMonths: 12,
      note: 'Works on paper: yearly check',
      createdBy: operations,
    })),
  )
  await s.office.start('CONDITION_CHECK', 'operations', { artworkIds: planned, plannedOn: s.d(7) })
}

/**
 * Works left in the office's care for valuation (OBJECT_ENTRY), never owned: an album in care, its receipt
 * signed and the outcome not decided yet; a scroll valued and given back to its depositor.
 */
async function entries(s: Scene): Promise<void> {
  const room = s.room('SH-FTZ').id
  const inCare = await s.office.start('OBJECT_ENTRY', 'registrar', {}, { room })
  await inCare.to('outcome.draft')
  const scroll = {
    entry: {
      depositor: 'Ms Liu Yan',
      titleZh: '溪山行旅图（仿本）',
      titleEn: 'Travellers among streams and mountains (copy)',
      artistName: 'After Fan Kuan',
    },
  }
  await (await s.office.start('OBJECT_ENTRY', 'registrar', {}, { room, data: scroll })).to('completed')
}

/** A work the office borrows (LOAN_IN), never owned: on display in Shanghai, insured nail to nail. */
async function borrowing(s: Scene): Promise<void> {
  const room = s.room('SH-FTZ').id
  await (await s.office.start('LOAN_IN', 'registrar', {}, { room })).to('return.withUs')
}

/**
 * Non-contract payments (FINANCE_PAYMENT): the arrived transport's shipper paid (the cost its links offer,
 * prefilled), a storage fee awaiting approval, a framer's invoice whose payment failed.
 */
async function payments(s: Scene, arrived: DemoProcess): Promise<void> {
  const offered = latestFollowUps.find((f) => f.from === 'OPERATION_TRANS_ART' && f.cost)
  if (!offered) throw new Error('demo processes: the transport offers no cost to pay')
  const costInput = followUpInput(offered, arrived.id, [], arrived.view.context)
  const prefill = costInput.prefill as Record<string, string>
  const paidCost = await s.office.start('FINANCE_PAYMENT', 'operations', costInput, {
    data: {
      payment: {
        amount: prefill.amount,
        currency: prefill.currency,
        payeeAccountName: prefill.payeeAccountName,
        costAttribution: 'TRANSPORT',
        relatedEvent: 'PRIVATE_COLLECTION',
        details: [{ payingCompany: 'Vitrine Holdings Ltd', amount: prefill.amount }],
      },
    },
  })
  await paidCost.to('completed')
  await (
    await s.office.start('FINANCE_PAYMENT', 'operations', {
      note: '第一季度仓储费 / Storage fee, first quarter',
    })
  ).to('payment.submitted')
  const framer = await s.office.start(
    'FINANCE_PAYMENT',
    'registrar',
    { note: '装裱发票 / Framing invoice' },
    {
      data: {
        payment: {
          amount: '6800.00',
          payeeAccountName: '荣宝斋装裱工作室',
          costAttribution: 'MOUNTING',
          details: [{ payingCompany: 'Vitrine Holdings Ltd', amount: '6800.00' }],
        },
      },
    },
  )
  await (await framer.to('payment.awaitingPayment')).failPayment(COMMENTS.failed[0])
}

/**
 * A type no story above shows (a type added since): one process on free artworks, walked to its end along
 * the happy path with its sample payloads, so every registered type has a demo process.
 */
async function anyOtherType(s: Scene, type: ProcessType): Promise<void> {
  const [a, b] = s.take(2)
  const input = sampleInput(type, { artworkIds: [a, b], roomId: s.room('SH-FTZ').id, fileId: '' })
  const p = await s.office.start(type, 'operations', input)
  await p.to('completed')
}

/** The types the stories above show (a type missing here gets `anyOtherType`). */
const STORIED: ReadonlySet<ProcessType> = new Set<ProcessType>([
  'INVENTORY_CHECK',
  'INSURANCE_ANNUAL',
  'OPERATION_LOAN_EXHIBITION_ART',
  'INSURANCE_OPERATION',
  'INSURANCE_RENEWAL',
  'OPERATION_REPAIR_ART',
  'OPERATION_MOUNT_ART',
  'OPERATION_TRANS_ART',
  'OPERATION_SHOT_ART',
  'OPERATION_REPLICA_ART',
  'OPERATION_SELL_ART',
  'DEACCESSION',
  'DAMAGE_LOSS',
  'CONDITION_CHECK',
  'OBJECT_ENTRY',
  'LOAN_IN',
  'BUY_ART',
  'BUY_ART_TRANS',
  'INSURANCE_PAYOUT',
  'FINANCE_PAYMENT',
])

/**
 * Run the demo office, story by story, in an order that matters (a stocktake before any artwork moves; the
 * policies before their renewals; the transport before its shipper's payment). `plan` is the catalogue's:
 * which artworks it wants on loan (by venue), away from the vaults, insured under which annual policy;
 * everything else stays at rest in its room.
 */
export async function seedDemoProcesses(
  db: Db,
  config: Config,
  plan: DemoPlan,
): Promise<DemoProcessesSummary> {
  const t0 = performance.now()
  const cpu0 = process.cpuUsage()
  const s = await sceneOf(db, config, plan)
  await stocktakes(s)
  const annual = await annualInsurance(s)
  const lent = await loans(s)
  await loanCover(s, lent[0])
  await renewals(s, annual)
  await awayFromTheVaults(s)
  const arrived = await transports(s)
  await workshopsEnded(s)
  await photography(s)
  await replicas(s)
  await sales(s)
  await deaccessions(s)
  await purchases(s)
  await claims(s)
  await damages(s)
  await conditionChecks(s)
  await entries(s)
  await borrowing(s)
  await payments(s, arrived)
  for (const type of machineCatalog.types()) if (!STORIED.has(type)) await anyOtherType(s, type)
  const cpu = process.cpuUsage(cpu0)
  return {
    processes: s.office.started,
    events: s.office.events,
    ms: Math.round(performance.now() - t0),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  }
}
