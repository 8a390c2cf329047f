// Who decides, through the API: N of M approvals by amount bands per currency, a running approval
// keeping the rule it started with; separation of duties on money (whoever submitted a payment never
// confirms that it moved, nor approves their own step); delegation (a delegate acts on behalf of an absent
// approver, recorded as such, never on their own submission, only while the delegation is in force and
// covers the type).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProcessView } from '../../src/shared/contracts/process'
import { MESSAGES } from '../../src/shared/errors'
import { dayIn } from '../../src/shared/office-time'
import { TEST_PASSWORD } from './helpers'
import { assertWorldConsistent } from './invariants'
import { day, type Flow, openFlow } from './process-flow'
import { contract, dueDiligence, payment } from './process-helpers'

let f: Flow
let ids: Record<string, string>
let roleIds: Record<string, string>

const BANDS = [
  { currency: 'CNY', from: '0.00', to: '1000000.00', approvals: 1 },
  { currency: 'CNY', from: '1000000.00', to: '5000000.00', approvals: 2 },
  { currency: 'CNY', from: '5000000.00', to: null, approvals: 3, roleKey: 'administrator' },
  { currency: 'USD', from: '0.00', to: '100000.00', approvals: 1 },
  { currency: 'USD', from: '100000.00', to: null, approvals: 2 },
]
const RULE = '/api/tasks/approval-rules/BUY_ART/payment'

beforeAll(async () => {
  f = await openFlow()
  const roles = await f.t.call('GET', '/api/auth/roles?pageSize=100', { token: f.tokens.admin })
  roleIds = Object.fromEntries(roles.data.list.map((r: any) => [r.key, r.id]))
  // Two more approvers: three can then approve without the administrator.
  for (const username of ['approver2', 'approver3']) {
    const res = await f.t.call('POST', '/api/auth/users', {
      token: f.tokens.admin,
      body: { username, displayName: username, password: TEST_PASSWORD, roleIds: [roleIds.approver] },
    })
    expect(res.code, res.msg).toBe(0)
    f.tokens[username] = await f.t.login(username)
  }
  const users = await f.t.call('GET', '/api/auth/users?pageSize=100', { token: f.tokens.admin })
  ids = Object.fromEntries(users.data.list.map((u: any) => [u.username, u.id]))
  const rule = await f.t.call('PUT', RULE, { token: f.tokens.admin, body: { bands: BANDS } })
  expect(rule.code, JSON.stringify(rule.data)).toBe(0)
})
afterAll(() => f?.close())

/** A purchase at its payment step under a contract of this amount and currency. */
async function purchaseToPayment(currency: string, amount: string): Promise<ProcessView> {
  let p = await f.start('registrar', 'BUY_ART', { artworks: [{ titleZh: '测试', titleEn: 'Test' }] })
  p = await f.pass(p, dueDiligence())
  p = await f.pass(p, { ...contract(amount), currency })
  expect(p.state).toBe('payment.draft')
  return p
}
const pay = (currency: string, amount: string) => ({
  ...payment(amount),
  currency,
  details: [{ payingCompany: 'Vitrine Family Holdings', amount }],
})

/** A purchase whose payment of `amount` is submitted (by `submitter`) and waits for approval. */
async function paymentSubmitted(currency: string, amount: string, submitter = 'registrar') {
  const p = await purchaseToPayment(currency, amount)
  return f.send(submitter, p, 'SUBMIT', { payload: pay(currency, amount) })
}

async function openTasks(p: ProcessView) {
  const res = await f.t.call('GET', `/api/process/${p.id}/tasks`, { token: f.tokens.viewer })
  expect(res.code, res.msg).toBe(0)
  return res.data as any[]
}
const inboxIds = async (user: string, query = '') =>
  (await f.t.call('GET', `/api/process/inbox?pageSize=200${query}`, { token: f.tokens[user] })).data.list.map(
    (x: any) => x.id,
  )

describe('N of M approvals by amount bands per currency', () => {
  it('needs one approval up to CNY 1,000,000.00', async () => {
    let p = await paymentSubmitted('CNY', '800000.00')
    expect(await openTasks(p)).toMatchObject([{ kind: 'approve', approvalsNeeded: 1, approvalsDone: 0 }])
    p = await f.send('approver', p, 'APPROVE')
    expect(p.state).toBe('payment.awaitingPayment')
    expect(await openTasks(p)).toMatchObject([{ kind: 'confirmPayment' }])
  })

  it('needs two above it: the task counts them and no longer offers itself to who approved', async () => {
    let p = await paymentSubmitted('CNY', '2000000.00')
    const [task] = await openTasks(p)
    expect(task).toMatchObject({ kind: 'approve', approvalsNeeded: 2, approvalsDone: 0, approvalRole: null })
    p = await f.send('approver', p, 'APPROVE')
    expect(p.state).toBe('payment.submitted')
    expect(await openTasks(p)).toEqual([
      expect.objectContaining({ id: task.id, approvalsNeeded: 2, approvalsDone: 1 }),
    ])
    expect(await inboxIds('approver')).not.toContain(task.id)
    expect(await inboxIds('approver2')).toContain(task.id)
    // The same approver twice: refused, nothing written.
    const twice = await f.post('approver', p, { type: 'APPROVE' })
    expect(twice.code).toBe(4031)
    expect(twice.msg).toBe('You have already approved this step: another approver must approve it')
    expect((await f.t.call('GET', `/api/process/${p.id}`, { token: f.tokens.viewer })).data.version).toBe(
      p.version,
    )
    p = await f.send('approver2', p, 'APPROVE')
    expect(p.state).toBe('payment.awaitingPayment')
  })

  it('starts counting again after a rejection: earlier approvers may approve the resubmission', async () => {
    let p = await paymentSubmitted('CNY', '2000000.00')
    p = await f.send('approver', p, 'APPROVE')
    p = await f.send('approver2', p, 'REJECT', { comment: 'Wrong account' })
    expect(await openTasks(p)).toMatchObject([{ kind: 'fill', claimedBy: ids.registrar }])
    p = await f.send('registrar', p, 'SUBMIT', { payload: pay('CNY', '2000000.00') })
    const [task] = await openTasks(p)
    expect(task).toMatchObject({ kind: 'approve', approvalsNeeded: 2, approvalsDone: 0 })
    expect(await inboxIds('approver')).toContain(task.id)
    p = await f.send('approver', p, 'APPROVE')
    expect(p.state).toBe('payment.submitted')
    p = await f.send('approver2', p, 'APPROVE')
    expect(p.state).toBe('payment.awaitingPayment')
  })

  it('needs three above CNY 5,000,000.00, one of them an administrator', async () => {
    // Three approvers who are not administrators do not complete it.
    let p = await paymentSubmitted('CNY', '6000000.00')
    expect(await openTasks(p)).toMatchObject([
      { approvalsNeeded: 3, approvalsDone: 0, approvalRole: { en: 'Administrator', zh: '系统管理员' } },
    ])
    for (const user of ['approver', 'approver2', 'approver3']) {
      p = await f.send(user, p, 'APPROVE')
      expect(p.state, user).toBe('payment.submitted')
    }
    expect(await openTasks(p)).toMatchObject([{ approvalsNeeded: 3, approvalsDone: 3 }])
    p = await f.send('admin', p, 'APPROVE')
    expect(p.state).toBe('payment.awaitingPayment')

    // With the administrator among them, the third completes it; two are not enough.
    let q = await paymentSubmitted('CNY', '6000000.00')
    q = await f.send('approver', q, 'APPROVE')
    q = await f.send('admin', q, 'APPROVE')
    expect(q.state).toBe('payment.submitted')
    expect(await openTasks(q)).toMatchObject([{ approvalsNeeded: 3, approvalsDone: 2 }])
    q = await f.send('approver2', q, 'APPROVE')
    expect(q.state).toBe('payment.awaitingPayment')
  })

  it('reads the bands of the payment’s own currency; a currency without bands needs two', async () => {
    // [currency, amount, approvals]
    const cases: [string, string, number][] = [
      // The upper end of a band is in it.
      ['CNY', '1000000.00', 1],
      ['CNY', '1000000.01', 2],
      ['CNY', '5000000.00', 2],
      ['USD', '100000.00', 1],
      ['USD', '150000.00', 2],
      ['USD', '90000.00', 1],
      ['EUR', '10000.00', 2],
    ]
    for (const [currency, amount, approvals] of cases) {
      let p = await paymentSubmitted(currency, amount)
      expect((await openTasks(p))[0].approvalsNeeded, currency).toBe(approvals)
      p = await f.send('approver', p, 'APPROVE')
      const afterOne = p.state
      if (approvals === 2) p = await f.send('approver2', p, 'APPROVE')
      expect({ currency, amount, afterOne, final: p.state }).toEqual({
        currency,
        amount,
        afterOne: approvals === 1 ? 'payment.awaitingPayment' : 'payment.submitted',
        final: 'payment.awaitingPayment',
      })
    }
  })

  it('keeps the rule a process started with; a process started after a change uses the new one', async () => {
    const running = await paymentSubmitted('CNY', '2000000.00')
    const changed = await f.t.call('PUT', RULE, {
      token: f.tokens.admin,
      body: {
        bands: [
          { currency: 'CNY', from: '0.00', to: null, approvals: 1 },
          { currency: 'USD', from: '0.00', to: null, approvals: 1 },
        ],
      },
    })
    expect(changed.code, JSON.stringify(changed.data)).toBe(0)
    try {
      let p = await f.send('approver', running, 'APPROVE')
      expect(p.state).toBe('payment.submitted')
      expect(await openTasks(p)).toMatchObject([{ approvalsNeeded: 2, approvalsDone: 1 }])
      p = await f.send('approver2', p, 'APPROVE')
      expect(p.state).toBe('payment.awaitingPayment')

      let later = await paymentSubmitted('CNY', '2000000.00')
      expect(await openTasks(later)).toMatchObject([{ approvalsNeeded: 1 }])
      later = await f.send('approver', later, 'APPROVE')
      expect(later.state).toBe('payment.awaitingPayment')
    } finally {
      await f.t.call('PUT', RULE, { token: f.tokens.admin, body: { bands: BANDS } })
    }
  })
})

describe('separation of duties', () => {
  const confirm = { payload: { paidOn: day(0), bankReference: 'TT-7' } }
  const SOD = MESSAGES.separationOfDuties

  it('refuses whoever submitted a payment to confirm, fail or retry it; another payer may', async () => {
    // Finance may fill a money step; here finance submits the payment.
    let p = await paymentSubmitted('CNY', '800000.00', 'finance')
    p = await f.send('approver', p, 'APPROVE')
    expect(p.state).toBe('payment.awaitingPayment')
    // The confirmation task is not offered to the submitter.
    const [task] = await openTasks(p)
    expect(task.kind).toBe('confirmPayment')
    expect(await inboxIds('finance')).not.toContain(task.id)
    expect(await inboxIds('admin')).toContain(task.id)

    const refused = async (type: string, body: Record<string, unknown> = {}) => {
      for (const lang of ['en', 'zh-CN'] as const) {
        const res = await f.t.call('POST', `/api/process/${p.id}/events`, {
          token: f.tokens.finance,
          lang,
          body: { type, expectedVersion: p.version, ...body },
        })
        expect(res.code, `${type} ${lang}`).toBe(4031)
        expect(res.msg).toBe(SOD[lang])
      }
      expect((await f.t.call('GET', `/api/process/${p.id}`, { token: f.tokens.viewer })).data.version).toBe(
        p.version,
      )
    }
    expect(SOD.en).toMatch(/^Separation of duties/)
    await refused('CONFIRM_PAYMENT', confirm)
    await refused('PAYMENT_FAILED', { comment: 'Bounced' })
    p = await f.send('admin', p, 'PAYMENT_FAILED', { comment: 'Bounced' })
    expect(p.state).toBe('payment.paymentFailed')
    await refused('RETRY_PAYMENT')
    p = await f.send('admin', p, 'RETRY_PAYMENT')
    p = await f.send('admin', p, 'CONFIRM_PAYMENT', confirm)
    expect(p.status).toBe('completed')
  })

  it('routes the confirmation to the other payers, names them, and refuses the submitter’s claim', async () => {
    f.tokens.finance2 ??= await f.t.login('finance2')
    let p = await paymentSubmitted('CNY', '800000.00', 'finance')
    p = await f.send('approver', p, 'APPROVE')
    const [task] = await openTasks(p)
    expect(task.kind).toBe('confirmPayment')
    // Who may confirm: the other finance user by name, never the submitter (nor, with a payer to hand, the
    // administrator or the approvers).
    const who = task.people.map((x: any) => x.id)
    expect(who).toContain(ids.finance2)
    expect(who).not.toContain(ids.finance)
    expect(who).not.toContain(ids.admin)
    expect(task.people).toContainEqual({ id: ids.finance2, name: '何嘉怡 He Jiayi' })
    expect(task.privileges).toEqual(['financeManage:pay'])
    expect(await inboxIds('finance2')).toContain(task.id)
    expect(await inboxIds('finance')).not.toContain(task.id)
    expect(await inboxIds('approver')).not.toContain(task.id)
    // The submitter's claim is refused in the words of separation of duties, in both languages; nothing written.
    for (const lang of ['en', 'zh-CN'] as const) {
      const claim = await f.t.call('POST', `/api/process/tasks/${task.id}/claim`, {
        token: f.tokens.finance,
        lang,
      })
      expect(claim.code).toBe(4031)
      expect(claim.msg).toBe(MESSAGES.separationOfDuties[lang])
    }
    expect((await openTasks(p))[0].claimedBy).toBeNull()
    // The other payer claims it and confirms.
    const claimed = await f.t.call('POST', `/api/process/tasks/${task.id}/claim`, {
      token: f.tokens.finance2,
    })
    expect(claimed.code, claimed.msg).toBe(0)
    p = await f.send('finance2', p, 'CONFIRM_PAYMENT', { payload: { paidOn: day(0) } })
    expect(p.status).toBe('completed')
  })

  it('routes it to the approvers when nobody else may pay: they see it, cannot claim it', async () => {
    const users = await f.t.call('GET', '/api/auth/users?pageSize=100', { token: f.tokens.admin })
    const other = users.data.list.find((u: any) => u.username === 'finance2')
    const setEnabled = (enabled: boolean) =>
      f.t.call('PUT', `/api/auth/users/${other.id}`, {
        token: f.tokens.admin,
        body: {
          displayName: other.displayName,
          displayNameEn: other.displayNameEn,
          email: other.email,
          enabled,
          roleIds: other.roleIds,
          privileges: [],
        },
      })
    expect((await setEnabled(false)).code).toBe(0)
    try {
      let p = await paymentSubmitted('CNY', '800000.00', 'finance')
      p = await f.send('approver', p, 'APPROVE')
      const [task] = await openTasks(p)
      expect(task.privileges).toEqual(['financeManage:pay', 'devOpsManage:approve:BUY_ART'])
      // Only an administrator can confirm it now: named as such.
      expect(task.people.map((x: any) => x.id)).toEqual([ids.admin])
      expect(await inboxIds('approver')).toContain(task.id)
      expect(await inboxIds('finance')).not.toContain(task.id)
      const claim = await f.t.call('POST', `/api/process/tasks/${task.id}/claim`, {
        token: f.tokens.approver,
      })
      expect(claim.code).toBe(4031)
      p = await f.send('admin', p, 'CONFIRM_PAYMENT', { payload: { paidOn: day(0) } })
      expect(p.status).toBe('completed')
    } finally {
      expect((await setEnabled(true)).code).toBe(0)
    }
  })

  it('refuses the submitter approving their own step with its own message', async () => {
    let p = await f.start('registrar', 'BUY_ART', { artworks: [{ titleZh: '测试', titleEn: 'Test' }] })
    p = await f.send('admin', p, 'SUBMIT', { payload: dueDiligence() })
    for (const lang of ['en', 'zh-CN'] as const) {
      const res = await f.t.call('POST', `/api/process/${p.id}/events`, {
        token: f.tokens.admin,
        lang,
        body: { type: 'APPROVE', expectedVersion: p.version },
      })
      expect(res.code).toBe(4031)
      expect(res.msg).toBe(MESSAGES.ownSubmission[lang])
    }
    // Not a privilege matter: someone without the approve privilege gets the generic refusal.
    const viewer = await f.post('viewer', p, { type: 'APPROVE' })
    expect(viewer.code).toBe(4031)
    expect(viewer.msg).not.toBe(MESSAGES.ownSubmission.en)
    expect((await f.send('approver', p, 'APPROVE')).state).toBe('contract.draft')
  })
})

describe('delegation', () => {
  let today: string
  let delegationId: string
  const plus = (d: string, n: number) => {
    const x = new Date(`${d}T00:00:00Z`)
    x.setUTCDate(x.getUTCDate() + n)
    return x.toISOString().slice(0, 10)
  }
  const view = (p: ProcessView, user: string, onBehalfOf?: string) =>
    f.t.call<ProcessView>('GET', `/api/process/${p.id}${onBehalfOf ? `?onBehalfOf=${onBehalfOf}` : ''}`, {
      token: f.tokens[user],
    })
  const submitted = async () => {
    const p = await f.start('registrar', 'BUY_ART', { artworks: [{ titleZh: '测试', titleEn: 'Test' }] })
    return f.send('registrar', p, 'SUBMIT', { payload: dueDiligence() })
  }

  beforeAll(async () => {
    today = dayIn(new Date(), f.t.deps.config.timeZone)
    const res = await f.t.call('POST', '/api/tasks/delegations', {
      token: f.tokens.approver,
      body: { toUserId: ids.operations, processType: 'BUY_ART', startsOn: today, endsOn: today },
    })
    expect(res.code, JSON.stringify(res.data)).toBe(0)
    delegationId = res.data.id
  })

  it('shows the approver’s task in the delegate’s inbox, marked; the delegate approves on their behalf', async () => {
    let p = await submitted()
    const [task] = await openTasks(p)
    const inbox = await f.t.call('GET', '/api/process/inbox?type=BUY_ART&kind=approve&pageSize=200', {
      token: f.tokens.operations,
    })
    expect(inbox.code, inbox.msg).toBe(0)
    expect(inbox.data.list.find((x: any) => x.id === task.id)).toMatchObject({
      onBehalfOf: ids.approver,
      onBehalfOfName: '王致远 Wang Zhiyuan',
    })
    // The view as the delegate offers APPROVE; as themselves, not.
    expect((await view(p, 'operations', ids.approver)).data.nextEvents).toEqual(
      expect.arrayContaining(['APPROVE', 'REJECT']),
    )
    expect((await view(p, 'operations')).data.nextEvents).not.toContain('APPROVE')

    // Without onBehalfOf: their own privileges, refused.
    expect((await f.post('operations', p, { type: 'APPROVE' })).code).toBe(4031)
    // On behalf of someone who did not delegate: refused with its own message.
    const notDelegated = await f.post('operations', p, { type: 'APPROVE', onBehalfOf: ids.approver2 })
    expect(notDelegated.code).toBe(4031)
    expect(notDelegated.msg).toBe(MESSAGES.notDelegated.en)

    p = await f.send('operations', p, 'APPROVE', { onBehalfOf: ids.approver })
    expect(p.state).toBe('contract.draft')
    const row = p.history.at(-1)
    expect(row).toMatchObject({ type: 'APPROVE', by: ids.operations, onBehalfOf: ids.approver })
    expect(p.people[ids.approver]).toBe('王致远 Wang Zhiyuan')
    expect(p.people[ids.operations]).toBe('周启航 Zhou Qihang')
  })

  it('counts the delegated tasks in the delegate’s bell', async () => {
    const counts = async () =>
      (await f.t.call('GET', '/api/process/inbox/counts', { token: f.tokens.operations })).data.openTasks
    const before = await counts()
    const p = await submitted()
    expect(await counts()).toBe(before + 1)
    await f.send('operations', p, 'APPROVE', { onBehalfOf: ids.approver })
    expect(await counts()).toBe(before)
  })

  it('does not cover another type', async () => {
    const artworks = await f.artworks(1)
    const s = f.samples('OPERATION_SELL_ART', artworks)
    const p = await f.send(
      'registrar',
      await f.start('registrar', 'OPERATION_SELL_ART', { artworkIds: artworks }),
      'SUBMIT',
      { payload: s.marketSurvey[0] },
    )
    const [task] = await openTasks(p)
    expect(await inboxIds('operations')).not.toContain(task.id)
    const res = await f.post('operations', p, { type: 'APPROVE', onBehalfOf: ids.approver })
    expect(res.code).toBe(4031)
    expect(res.msg).toBe(MESSAGES.notDelegated.en)
  })

  it('never lets a delegate approve their own submission', async () => {
    const p0 = await f.start('registrar', 'BUY_ART', { artworks: [{ titleZh: '测试', titleEn: 'Test' }] })
    const p = await f.send('operations', p0, 'SUBMIT', { payload: dueDiligence() })
    const [task] = await openTasks(p)
    expect(await inboxIds('operations')).not.toContain(task.id)
    expect((await view(p, 'operations', ids.approver)).data.nextEvents).not.toContain('APPROVE')
    const res = await f.post('operations', p, { type: 'APPROVE', onBehalfOf: ids.approver })
    expect(res.code).toBe(4031)
    expect(res.msg).toBe(MESSAGES.ownSubmission.en)
  })

  it('no longer covers once cancelled or expired', async () => {
    const p = await submitted()
    const [task] = await openTasks(p)
    expect(await inboxIds('operations')).toContain(task.id)
    const cancelled = await f.t.call('POST', `/api/tasks/delegations/${delegationId}/cancel`, {
      token: f.tokens.approver,
    })
    expect(cancelled.code, cancelled.msg).toBe(0)
    expect(await inboxIds('operations')).not.toContain(task.id)
    const afterCancel = await f.post('operations', p, { type: 'APPROVE', onBehalfOf: ids.approver })
    expect(afterCancel.code).toBe(4031)
    expect(afterCancel.msg).toBe(MESSAGES.notDelegated.en)

    // One that ended yesterday.
    const expired = await f.t.call('POST', '/api/tasks/delegations', {
      token: f.tokens.approver,
      body: { toUserId: ids.operations, startsOn: plus(today, -3), endsOn: plus(today, -1) },
    })
    expect(expired.code, JSON.stringify(expired.data)).toBe(0)
    expect(expired.data.active).toBe(false)
    expect(await inboxIds('operations')).not.toContain(task.id)
    const afterEnd = await f.post('operations', p, { type: 'APPROVE', onBehalfOf: ids.approver })
    expect(afterEnd.code).toBe(4031)
    expect(afterEnd.msg).toBe(MESSAGES.notDelegated.en)
    // One starting tomorrow does not cover today either.
    const future = await f.t.call('POST', '/api/tasks/delegations', {
      token: f.tokens.approver,
      body: { toUserId: ids.operations, startsOn: plus(today, 1), endsOn: plus(today, 2) },
    })
    expect(future.code, JSON.stringify(future.data)).toBe(0)
    expect((await f.post('operations', p, { type: 'APPROVE', onBehalfOf: ids.approver })).code).toBe(4031)
    // The approver still may.
    expect((await f.send('approver', p, 'APPROVE')).state).toBe('contract.draft')
  })
})

describe('a delegation is checked at every use against its people as they are now', () => {
  let today: string
  const delegate = async (from: string, to: string, processType: string | null = 'BUY_ART') => {
    const res = await f.t.call('POST', '/api/tasks/delegations', {
      token: f.tokens[from],
      body: { toUserId: ids[to], processType, startsOn: today, endsOn: today },
    })
    expect(res.code, JSON.stringify(res.data)).toBe(0)
    return res.data.id as string
  }
  const newUser = async (username: string, roleKeys: string[]) => {
    const res = await f.t.call('POST', '/api/auth/users', {
      token: f.tokens.admin,
      body: {
        username,
        displayName: `${username} 代`,
        password: TEST_PASSWORD,
        roleIds: roleKeys.map((k) => roleIds[k]),
      },
    })
    expect(res.code, res.msg).toBe(0)
    ids[username] = res.data.id
    f.tokens[username] = await f.t.login(username)
  }
  const submitted = async () => {
    const p = await f.start('registrar', 'BUY_ART', { artworks: [{ titleZh: '测试', titleEn: 'Test' }] })
    return f.send('registrar', p, 'SUBMIT', { payload: dueDiligence() })
  }
  const versionOf = async (p: ProcessView) =>
    (await f.t.call('GET', `/api/process/${p.id}`, { token: f.tokens.viewer })).data.version
  const claim = (user: string, taskId: string) =>
    f.t.call('POST', `/api/process/tasks/${taskId}/claim`, { token: f.tokens[user] })

  beforeAll(async () => {
    today = dayIn(new Date(), f.t.deps.config.timeZone)
    await newUser('absent', ['approver'])
    await newUser('standin', ['viewer'])
  })

  it('voids the delegation of a disabled delegator: views, inbox, bell, claims and events agree', async () => {
    const delegationId = await delegate('absent', 'standin')
    const p = await submitted()
    const [task] = await openTasks(p)
    const bell = async () =>
      (await f.t.call('GET', '/api/process/inbox/counts', { token: f.tokens.standin })).data.openTasks
    // In force: the task is the stand-in's to do on the absent approver's behalf.
    expect(await inboxIds('standin')).toContain(task.id)
    const asDelegate = `/api/process/${p.id}?onBehalfOf=${ids.absent}`
    expect((await f.t.call('GET', asDelegate, { token: f.tokens.standin })).data.nextEvents).toContain(
      'APPROVE',
    )
    const before = await bell()
    expect(before).toBeGreaterThan(0)

    const disabled = await f.t.call('POST', `/api/auth/users/${ids.absent}/disable`, {
      token: f.tokens.admin,
    })
    expect(disabled.code, disabled.msg).toBe(0)
    const words = {
      en: 'The account of absent 代 is disabled: their delegation no longer holds',
      'zh-CN': 'absent 代 的账号已停用，其委托不再有效',
    }
    expect(MESSAGES.delegatorDisabled.en).toBe(
      'The account of {name} is disabled: their delegation no longer holds',
    )
    for (const lang of ['en', 'zh-CN'] as const) {
      const approve = await f.t.call('POST', `/api/process/${p.id}/events`, {
        token: f.tokens.standin,
        lang,
        body: { type: 'APPROVE', expectedVersion: p.version, onBehalfOf: ids.absent },
      })
      expect(approve.status).toBe(403)
      expect(approve.code).toBe(4031)
      expect(approve.msg).toBe(words[lang])
      const view = await f.t.call('GET', asDelegate, { token: f.tokens.standin, lang })
      expect(view.code).toBe(4031)
      expect(view.msg).toBe(words[lang])
    }
    expect(await versionOf(p)).toBe(p.version)
    expect(await inboxIds('standin')).not.toContain(task.id)
    // The stand-in only views on their own: with the delegation void, nothing is left for them to do.
    expect(await bell()).toBe(0)
    const claimed = await claim('standin', task.id)
    expect(claimed.code).toBe(4031)
    expect(claimed.msg).toBe(MESSAGES.insufficientPrivilege.en)
    expect((await openTasks(p))[0].claimedBy).toBeNull()
    const listed = await f.t.call('GET', '/api/tasks/delegations', { token: f.tokens.standin })
    expect(listed.data.list.find((d: any) => d.id === delegationId)).toMatchObject({ active: false })

    // Enabled again, the same delegation holds again: it is read at every use, never remembered.
    await f.t.call('POST', `/api/auth/users/${ids.absent}/enable`, { token: f.tokens.admin })
    expect(await inboxIds('standin')).toContain(task.id)
    const done = await f.send('standin', p, 'APPROVE', { onBehalfOf: ids.absent })
    expect(done.history.at(-1)).toMatchObject({ by: ids.standin, onBehalfOf: ids.absent })
    await f.t.call('POST', `/api/tasks/delegations/${delegationId}/cancel`, { token: f.tokens.admin })
  })

  it('gives the delegate only what the delegator holds now: a role taken away is taken from both', async () => {
    const delegationId = await delegate('approver3', 'standin')
    const p = await submitted()
    const [task] = await openTasks(p)
    expect(await inboxIds('standin')).toContain(task.id)
    const edited = await f.t.call('PUT', `/api/auth/users/${ids.approver3}`, {
      token: f.tokens.admin,
      body: { displayName: 'approver3', roleIds: [roleIds.viewer] },
    })
    expect(edited.code, JSON.stringify(edited.data)).toBe(0)
    try {
      expect(await inboxIds('standin')).not.toContain(task.id)
      const view = await f.t.call('GET', `/api/process/${p.id}?onBehalfOf=${ids.approver3}`, {
        token: f.tokens.standin,
      })
      expect(view.data.nextEvents).not.toContain('APPROVE')
      const approve = await f.post('standin', p, { type: 'APPROVE', onBehalfOf: ids.approver3 })
      expect(approve.code).toBe(4031)
      expect(approve.msg).toBe(MESSAGES.insufficientPrivilege.en)
      expect(await versionOf(p)).toBe(p.version)
    } finally {
      await f.t.call('PUT', `/api/auth/users/${ids.approver3}`, {
        token: f.tokens.admin,
        body: { displayName: 'approver3', roleIds: [roleIds.approver] },
      })
      await f.t.call('POST', `/api/tasks/delegations/${delegationId}/cancel`, { token: f.tokens.admin })
    }
  })

  it('ends with a disabled delegate: their sessions end and the delegation shows void', async () => {
    const delegationId = await delegate('approver2', 'standin')
    await f.t.call('POST', `/api/auth/users/${ids.standin}/disable`, { token: f.tokens.admin })
    const p = await submitted()
    const refused = await f.post('standin', p, { type: 'APPROVE', onBehalfOf: ids.approver2 })
    expect(refused.code).toBe(403)
    const all = await f.t.call('GET', '/api/tasks/delegations?scope=all&pageSize=200', {
      token: f.tokens.admin,
    })
    expect(all.data.list.find((d: any) => d.id === delegationId)).toMatchObject({ active: false })
    expect(await versionOf(p)).toBe(p.version)
    await f.t.call('POST', `/api/auth/users/${ids.standin}/enable`, { token: f.tokens.admin })
    f.tokens.standin = await f.t.login('standin')
    await f.t.call('POST', `/api/tasks/delegations/${delegationId}/cancel`, { token: f.tokens.admin })
  })
})

describe('separation of duties across a delegation', () => {
  let delegationId: string
  beforeAll(async () => {
    const today = dayIn(new Date(), f.t.deps.config.timeZone)
    const res = await f.t.call('POST', '/api/tasks/delegations', {
      token: f.tokens.admin,
      body: { toUserId: ids.registrar, processType: 'BUY_ART', startsOn: today, endsOn: today },
    })
    expect(res.code, JSON.stringify(res.data)).toBe(0)
    delegationId = res.data.id
  })
  afterAll(async () => {
    await f.t.call('POST', `/api/tasks/delegations/${delegationId}/cancel`, { token: f.tokens.admin })
  })

  it('refuses the delegator approving what their delegate submitted for them, in both languages', async () => {
    const p0 = await f.start('registrar', 'BUY_ART', { artworks: [{ titleZh: '测试', titleEn: 'Test' }] })
    const p = await f.send('registrar', p0, 'SUBMIT', { payload: dueDiligence(), onBehalfOf: ids.admin })
    expect(p.history.at(-1)).toMatchObject({ type: 'SUBMIT', by: ids.registrar, onBehalfOf: ids.admin })
    const [task] = await openTasks(p)
    expect(await inboxIds('admin')).not.toContain(task.id)
    expect(
      (await f.t.call('GET', `/api/process/${p.id}`, { token: f.tokens.admin })).data.nextEvents,
    ).not.toContain('APPROVE')
    for (const lang of ['en', 'zh-CN'] as const) {
      for (const type of ['APPROVE', 'REJECT']) {
        const res = await f.t.call('POST', `/api/process/${p.id}/events`, {
          token: f.tokens.admin,
          lang,
          body: { type, expectedVersion: p.version, comment: 'No' },
        })
        expect(res.code, `${type} ${lang}`).toBe(4031)
        expect(res.msg).toBe(MESSAGES.ownSubmission[lang])
      }
    }
    // Nor the delegate on the delegator's behalf, nor on their own.
    const forAdmin = await f.post('registrar', p, { type: 'APPROVE', onBehalfOf: ids.admin })
    expect(forAdmin.msg).toBe(MESSAGES.ownSubmission.en)
    expect((await f.post('registrar', p, { type: 'APPROVE' })).code).toBe(4031)
    expect((await f.send('approver', p, 'APPROVE')).state).toBe('contract.draft')
  })

  it('refuses the delegator confirming a payment their delegate submitted for them', async () => {
    let p = await purchaseToPayment('CNY', '800000.00')
    p = await f.send('registrar', p, 'SUBMIT', { payload: pay('CNY', '800000.00'), onBehalfOf: ids.admin })
    p = await f.send('approver', p, 'APPROVE')
    expect(p.state).toBe('payment.awaitingPayment')
    const [task] = await openTasks(p)
    expect(task.kind).toBe('confirmPayment')
    expect(await inboxIds('admin')).not.toContain(task.id)
    for (const lang of ['en', 'zh-CN'] as const) {
      const res = await f.t.call('POST', `/api/process/${p.id}/events`, {
        token: f.tokens.admin,
        lang,
        body: { type: 'CONFIRM_PAYMENT', expectedVersion: p.version, payload: { paidOn: day(0) } },
      })
      expect(res.code, lang).toBe(4031)
      expect(res.msg).toBe(MESSAGES.separationOfDuties[lang])
    }
    // Another payer may.
    p = await f.send('finance', p, 'CONFIRM_PAYMENT', { payload: { paidOn: day(0) } })
    expect(p.status).toBe('completed')
  })

  it('lets a later plain submission clear who it was submitted for', async () => {
    const p0 = await f.start('registrar', 'BUY_ART', { artworks: [{ titleZh: '测试', titleEn: 'Test' }] })
    let p = await f.send('registrar', p0, 'SUBMIT', { payload: dueDiligence(), onBehalfOf: ids.admin })
    p = await f.send('approver', p, 'REJECT', { comment: 'Again' })
    p = await f.send('registrar', p, 'SUBMIT', { payload: dueDiligence() })
    expect((await f.send('admin', p, 'APPROVE')).state).toBe('contract.draft')
  })
})

describe('a delegate of the starter may terminate as the starter may', () => {
  let delegationId: string
  beforeAll(async () => {
    const today = dayIn(new Date(), f.t.deps.config.timeZone)
    const res = await f.t.call('POST', '/api/tasks/delegations', {
      token: f.tokens.operations,
      body: { toUserId: ids.viewer, processType: 'BUY_ART', startsOn: today, endsOn: today },
    })
    expect(res.code, JSON.stringify(res.data)).toBe(0)
    delegationId = res.data.id
  })
  afterAll(async () => {
    await f.t.call('POST', `/api/tasks/delegations/${delegationId}/cancel`, { token: f.tokens.admin })
  })

  it('terminates and restarts on the starter’s behalf, recorded as such and allowed as the starter', async () => {
    let p = await f.start('operations', 'BUY_ART', { artworks: [{ titleZh: '测试', titleEn: 'Test' }] })
    // The viewer alone may not; for the starter, the view offers it.
    expect((await f.post('viewer', p, { type: 'TERMINATE', comment: 'Not needed' })).code).toBe(4031)
    const view = await f.t.call('GET', `/api/process/${p.id}?onBehalfOf=${ids.operations}`, {
      token: f.tokens.viewer,
    })
    expect(view.data.nextEvents).toContain('TERMINATE')
    p = await f.send('viewer', p, 'TERMINATE', { comment: 'Not needed', onBehalfOf: ids.operations })
    expect(p.status).toBe('terminated')
    expect(p.history.at(-1)).toMatchObject({
      type: 'TERMINATE',
      by: ids.viewer,
      onBehalfOf: ids.operations,
      allowedBy: 'starter',
    })
    p = await f.send('viewer', p, 'RESTART', { onBehalfOf: ids.operations })
    expect(p.state).toBe('dueDiligence.draft')
    // Not for a process someone else started.
    const other = await f.start('registrar', 'BUY_ART', { artworks: [{ titleZh: '测试', titleEn: 'Test' }] })
    const refused = await f.post('viewer', other, {
      type: 'TERMINATE',
      comment: 'Not needed',
      onBehalfOf: ids.operations,
    })
    expect(refused.code).toBe(4031)
  })
})

describe('the world these decisions leave', () => {
  it('has no decision by the submitting side of what it decides, nor any other breach', async () => {
    await assertWorldConsistent(f.t)
  })
})
