// Shared by the insurance, money and reminder API tests: a test context with the demo users signed in, and
// the processes driven through POST /api/process and /api/process/:id/events as the office does it (policy
// in force or not, premium paid, a claim, a sale, a purchase), with the sample payloads of
// src/server/seed/process-samples.ts.
import type { ProcessView } from '../../src/shared/contracts/process'
import { addDays, DEFAULT_OFFICE_ZONE, todayIn } from '../../src/shared/office-time'
import { sampleStepData } from '../model/samples'
import { createTestContext, type TestContext } from './helpers'
import { makeArtworks, makePdf, makeRoom } from './process-helpers'

export interface Flow {
  t: TestContext
  tokens: Record<string, string>
  pdfId: string
  room: string
  /** Start a process (a sale: its artworks' deaccession walked to its approval first). */
  start: (user: string, type: string, input: unknown) => Promise<ProcessView>
  /** A DEACCESSION of these artworks, walked to its end approved (what a sale needs to start). */
  deaccessionApproved: (ids: string[]) => Promise<ProcessView>
  /** The raw answer of an event (refusals included). */
  post: (
    user: string,
    p: ProcessView,
    body: Record<string, unknown>,
  ) => Promise<{ status: number; code: number; msg: string; data: any }>
  send: (user: string, p: ProcessView, type: string, extra?: Record<string, unknown>) => Promise<ProcessView>
  /** SUBMIT then APPROVE (by `approver`) of the current step. */
  pass: (p: ProcessView, payload: Record<string, unknown>, submitter?: string) => Promise<ProcessView>
  samples: (type: string, ids: string[]) => Record<string, Record<string, unknown>[]>
  artworks: (n: number) => Promise<string[]>
  close: () => Promise<void>
}

export const USERS = ['admin', 'registrar', 'approver', 'finance', 'operations', 'viewer'] as const

export async function openFlow(): Promise<Flow> {
  const t = await createTestContext()
  const pdfId = await makePdf(t)
  const room = await makeRoom(t)
  const tokens: Record<string, string> = {}
  for (const u of USERS) tokens[u] = await t.login(u)
  const begin = async (user: string, type: string, input: unknown) => {
    const res = await t.call<ProcessView>('POST', '/api/process', {
      token: tokens[user],
      body: { type, input },
    })
    if (res.code !== 0) throw new Error(`${type}: ${res.code} ${res.msg} ${JSON.stringify(res.data)}`)
    return res.data
  }
  const start: Flow['start'] = async (user, type, input) => {
    // A sale starts only on works with an approved deaccession: the office decides that first.
    const ids = (input as { artworkIds?: unknown } | undefined)?.artworkIds
    if (type === 'OPERATION_SELL_ART' && Array.isArray(ids) && ids.length > 0)
      await deaccessionApproved(ids as string[])
    return begin(user, type, input)
  }
  const post: Flow['post'] = (user, p, body) =>
    t.call<any>('POST', `/api/process/${p.id}/events`, {
      token: tokens[user],
      body: { expectedVersion: p.version, ...body },
    })
  const send: Flow['send'] = async (user, p, type, extra = {}) => {
    const res = await t.call<ProcessView>('POST', `/api/process/${p.id}/events`, {
      token: tokens[user],
      body: { type, expectedVersion: p.version, ...extra },
    })
    if (res.code !== 0)
      throw new Error(`${user} ${type} in ${p.state} → ${res.code} ${res.msg} ${JSON.stringify(res.data)}`)
    return res.data
  }
  const pass: Flow['pass'] = async (p, payload, submitter = 'registrar') =>
    send('approver', await send(submitter, p, 'SUBMIT', { payload }), 'APPROVE')
  const deaccessionApproved: Flow['deaccessionApproved'] = async (ids) => {
    const s = sampleStepData('DEACCESSION', {
      artworkIds: [ids[0], ids[1] ?? ids[0]],
      roomId: room,
      fileId: pdfId,
    })
    let p = await begin('registrar', 'DEACCESSION', { artworkIds: ids })
    for (const step of ['reasons', 'titleCheck', 'decision']) p = await pass(p, s[step][0])
    if (p.state !== 'completed') throw new Error(`DEACCESSION ended in ${p.state}`)
    return p
  }
  const samples: Flow['samples'] = (type, ids) =>
    sampleStepData(type as never, {
      artworkIds: [ids[0], ids[1] ?? ids[0]],
      roomId: room,
      fileId: pdfId,
    })
  return {
    t,
    tokens,
    pdfId,
    room,
    start,
    deaccessionApproved,
    post,
    send,
    pass,
    samples,
    artworks: (n) => makeArtworks(t, n, room),
    close: () => t.close(),
  }
}

/**
 * A date `offset` days from the office's today — the day the server counts in (its time zone, Shanghai by
 * default): from 16:00 UTC on, the UTC date is still yesterday there.
 */
export function day(offset: number, from = new Date()): string {
  return addDays(todayIn(DEFAULT_OFFICE_ZONE, from), offset)
}

/** The instant at noon (UTC) of a date. */
export function noon(date: string): Date {
  return new Date(`${date}T12:00:00Z`)
}

let policySeq = 0
/** A policy number no other test uses. */
export function policyNo(): string {
  policySeq += 1
  return `POL-T-${Date.now()}-${policySeq}`
}

/**
 * An INSURANCE_ANNUAL (or other cover type) on `ids` up to the approved policy (the process then waits in
 * premiumPayment.draft), with the policy's fields overridden.
 */
export async function approvedPolicy(
  f: Flow,
  ids: string[],
  policy: Record<string, unknown>,
  type = 'INSURANCE_ANNUAL',
  input: Record<string, unknown> = {},
): Promise<ProcessView> {
  const s = f.samples('INSURANCE_ANNUAL', ids)
  let p = await f.start('registrar', type, { artworkIds: ids, ...input })
  if (type !== 'INSURANCE_RENEWAL') p = await f.pass(p, s.quotation[0])
  else p = await f.pass(p, f.samples(type, ids).renewal[0])
  return f.pass(p, { ...s.policy[0], policyNo: policyNo(), ...policy })
}

/** The premium of an approved policy, submitted and approved: the process waits for the payment. */
export async function premiumApproved(f: Flow, p: ProcessView, ids: string[], extra = {}) {
  const s = f.samples('INSURANCE_ANNUAL', ids)
  return f.pass(p, { ...s.premiumPayment[0], ...extra })
}

/** The premium paid: the process completes. */
export async function premiumPaid(f: Flow, p: ProcessView, ids: string[]) {
  const paid = await f.send('finance', await premiumApproved(f, p, ids), 'CONFIRM_PAYMENT', {
    payload: { paidOn: day(0), bankReference: 'TT-1' },
  })
  return paid
}

export async function policyRow(f: Flow, processId: string) {
  const rows = (await f.t.deps.database.raw(
    `select id, status, policy_no, start_date::text as start_date, end_date::text as end_date
       from insurance_policies where process_id = $1`,
    [processId],
  )) as { id: string; status: string; policy_no: string; start_date: string; end_date: string }[]
  return rows[0]
}

/** The process's reminders: how many are pending (neither delivered nor cancelled), and all of them. */
export async function reminders(f: Flow, processId: string) {
  const rows = (await f.t.deps.database.raw(
    `select kind, due_at, delivered_at, cancelled_at from process_reminders where process_id = $1`,
    [processId],
  )) as { kind: string; due_at: Date; delivered_at: Date | null; cancelled_at: Date | null }[]
  return { all: rows, pending: rows.filter((r) => !r.delivered_at && !r.cancelled_at) }
}
