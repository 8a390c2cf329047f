// Journey, in Chinese then English: finance fills a purchase's payment and submits it; the approver approves
// it (set up through the API). Finance, who may not confirm a payment they submitted (separation of duties),
// sees on the step who confirms it and why, and no claim button; the second finance user confirms it in the
// browser and the purchase is completed.
import { describe, expect, it } from 'vitest'
import { pdf } from '../fixtures/file-samples'
import { sampleStepData } from '../model/samples'
import { apiToken, apiUpload, apiWithToken } from './api-calls'
import { appPerFile, settled } from './harness'
import { act, apiCall, localise, openProcess, shown, userPage } from './process-driver'

const run = appPerFile()

describe('a payment needs two payers', () => {
  it('tells the submitter who confirms it and lets the other payer do it', async () => {
    const token = async (u: string) => apiToken(run.app.baseUrl, u)
    const as = async <T>(u: string, method: string, path: string, body?: unknown) =>
      apiWithToken<T>(run.app.baseUrl, await token(u), method, path, body)
    type View = { id: string; version: number; state: string; status: string }
    const send = (u: string, p: View, type: string, payload?: unknown) =>
      as<View>(u, 'POST', `process/${p.id}/events`, { type, expectedVersion: p.version, payload })
    const rooms = await as<{ id: string }[]>('admin', 'GET', 'room/getRoomList')
    const companies = await as<{ labelZh: string }[]>('admin', 'POST', 'art/getAllEnt')
    const refs = { roomId: rooms[0].id, company: companies[0].labelZh }
    // The steps' reports and evidence: a real PDF, uploaded by the registrar who submits them.
    const fileId = await apiUpload(run.app.baseUrl, await token('registrar'), {
      bytes: pdf(),
      name: 'evidence.pdf',
      mime: 'application/pdf',
      purpose: 'pdf',
    })
    const samples = sampleStepData('BUY_ART', { artworkIds: ['', ''], roomId: refs.roomId, fileId })
    let p = await as<View>('registrar', 'POST', 'process', {
      type: 'BUY_ART',
      input: { artworks: [{ titleZh: '两人付款', titleEn: 'Two payers' }] },
    })
    for (const step of ['dueDiligence', 'contract']) {
      p = await send('registrar', p, 'SUBMIT', localise(samples[step][0], refs))
      p = await send('approver', p, 'APPROVE')
    }
    p = await send('finance', p, 'SUBMIT', localise(samples.payment[0], refs))
    p = await send('approver', p, 'APPROVE')
    // Above the second-approval limit, a second approver.
    if (p.state === 'payment.submitted') p = await send('admin', p, 'APPROVE')
    expect(p.state).toBe('payment.awaitingPayment')

    // Finance, in Chinese: why not them, and who can; no claim.
    const finance = await userPage(run.browser, run.app.baseUrl, 'finance', 'zh-CN')
    await openProcess(finance.page, p.id)
    await settled(finance.page)
    const note = finance.page.getByTestId('who-may-act')
    await note.waitFor()
    const text = (await note.textContent()) ?? ''
    expect(text).toContain('职责分离')
    expect(text).toContain('何嘉怡')
    expect(text).not.toContain('陈慧敏')
    await finance.page.getByTestId('process-tasks').waitFor()
    expect(await finance.page.getByTestId('task-claim').count()).toBe(0)
    await finance.context.close()

    // The second payer, in English: claims and confirms it in the browser.
    const other = await userPage(run.browser, run.app.baseUrl, 'finance2', 'en')
    await openProcess(other.page, p.id)
    await other.page.getByTestId('task-claim').click()
    await other.page.getByTestId('task-release').waitFor()
    // The step's own small form: the day paid and the bank's reference, then the purchase is completed.
    await act(
      { page: other.page, files: { pdf: '' } },
      { type: 'CONFIRM_PAYMENT', payload: samples.CONFIRM_PAYMENT[0] },
    )
    expect(await shown(other.page)).toMatchObject({ state: 'completed', status: 'completed', buttons: [] })
    const done = await apiCall<View>(other.page, 'GET', `process/${p.id}`)
    expect(done).toMatchObject({ state: 'completed', status: 'completed' })
    await other.context.close()
  })
})
