// Dynamic content through /api/content on a real database: bodies are sanitised on the server (script tags,
// event-handler attributes, javascript: links and foreign images do not survive; our own images do, with a
// signed link for the reader); images must be our own JPG/PNG uploads and roles must exist, refused at the
// field with nothing stored; publishing writes one `content` message per user of the audience (by role) and
// the message links to its item; readers see only what their roles may; withdrawing hides the item and its
// messages; only staff with dynamicManage:edit write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ContentView } from '../../src/shared/contracts/content'
import type { MessageView } from '../../src/shared/contracts/process'
import { jpeg, pdf } from '../fixtures/file-samples'
import { createTestContext, type TestContext } from './helpers'

let t: TestContext
let admin: string
let approver: string
let viewer: string
let imageId: string
let pdfId: string
let approverRoleId: string

beforeAll(async () => {
  t = await createTestContext()
  // The demo office's own news (seeded) is not what these tests publish: they start from none.
  await t.deps.database.raw('delete from contents')
  admin = await t.login('admin')
  approver = await t.login('approver')
  viewer = await t.login('viewer')
  const up = async (bytes: Buffer, name: string, purpose: string) => {
    const form = new FormData()
    form.append('purpose', purpose)
    form.append('file', new Blob([new Uint8Array(bytes)]), name)
    const res = await t.call('POST', '/api/file/upload', { token: admin, body: form })
    expect(res.code, res.msg).toBe(0)
    return res.data.id as string
  }
  imageId = await up(await jpeg(200, 150), 'poster.jpg', 'image')
  pdfId = await up(pdf(), 'brochure.pdf', 'pdf')
  const [role] = (await t.deps.database.raw("select id from roles where key = 'approver'")) as {
    id: string
  }[]
  approverRoleId = role.id
}, 120_000)
afterAll(async () => {
  await t?.close()
})

const call = <T = any>(method: string, path: string, body?: unknown, token = admin, lang = 'en') =>
  t.call<T>(method, `/api/content${path}`, { token, body, lang, headers: { 'x-system-name': 'home' } })
const item = (extra: Record<string, unknown> = {}) => ({
  kind: 'message',
  titleZh: '年会通知',
  titleEn: 'Annual meeting',
  summaryZh: '下周五下午三点',
  summaryEn: 'Friday next week at three',
  bodyZh: '<p>请准时参加。</p>',
  bodyEn: '<p>Please be on time.</p>',
  ...extra,
})
const contentRows = async () =>
  Number(((await t.deps.database.raw('select count(*) n from contents')) as any[])[0].n)
const messagesOf = async (token: string) =>
  (await t.call<{ list: MessageView[] }>('GET', '/api/message?kind=content', { token, lang: 'en' })).data.list

describe('sanitising', () => {
  it('strips scripts, event handlers, javascript: links and foreign images; keeps the allowed markup', async () => {
    const dirty =
      '<h2>Title</h2><p onclick="steal()">Hello <strong>bold</strong> <em>it</em> <u>under</u></p>' +
      '<script>alert(1)</script><img src="x" onerror="alert(2)">' +
      `<img src="/api/file/downloadFile/${imageId}?exp=1&sig=abc" alt="poster" onerror="alert(3)">` +
      '<img src="https://evil.example/track.png">' +
      '<a href="javascript:alert(4)">bad link</a> <a href="https://example.com/x" onmouseover="x()">good</a>' +
      '<ul><li>one</li></ul><blockquote>quote</blockquote><code>x &lt; 1</code><iframe src="https://evil"></iframe>' +
      '<p style="color:red">styled</p>'
    const res = await call<ContentView>('POST', '', item({ bodyEn: dirty }))
    expect(res.code, res.msg).toBe(0)
    const [[stored]] = [
      (await t.deps.database.raw('select body_en from contents where id = $1', [res.data.id])) as {
        body_en: string
      }[],
    ]
    const body = stored.body_en
    for (const bad of [
      '<script',
      'alert(1)',
      'onerror',
      'onclick',
      'onmouseover',
      'javascript:',
      'evil',
      '<iframe',
      'style=',
      'exp=1',
    ])
      expect(body).not.toContain(bad)
    expect(body).toContain('<h2>Title</h2>')
    expect(body).toContain('<strong>bold</strong>')
    expect(body).toContain('<u>under</u>')
    expect(body).toContain(`<img src="/api/file/downloadFile/${imageId}" alt="poster" />`)
    expect(body).toContain(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">good</a>',
    )
    expect(body).toContain('<blockquote>quote</blockquote>')
    // The reader gets our image with a signed link of their own.
    expect(res.data.bodyEn).toMatch(
      new RegExp(`src="/api/file/downloadFile/${imageId}\\?disposition=inline&amp;exp=\\d+&amp;u=`),
    )
  })

  it('refuses a body with nothing to read, a PDF as an image, a PDF cover and an unknown role, storing nothing', async () => {
    const before = await contentRows()
    const empty = await call('POST', '', item({ bodyZh: '<script>alert(1)</script>' }))
    expect(empty.code).toBe(400)
    expect(empty.data.fieldErrors.bodyZh).toBe('The body cannot be empty')
    const wrong = await call(
      'POST',
      '',
      item({
        coverFileId: pdfId,
        bodyEn: `<p>x</p><img src="/api/file/downloadFile/${pdfId}">`,
        audienceRoleIds: ['00000000-0000-4000-8000-000000000000'],
      }),
    )
    expect(wrong.code).toBe(400)
    expect(wrong.data.fieldErrors).toEqual({
      coverFileId: 'Only JPG or PNG images uploaded here can be used',
      bodyEn: 'Only JPG or PNG images uploaded here can be used',
      audienceRoleIds: 'A chosen role does not exist',
    })
    const zh = await call('POST', '', item({ coverFileId: pdfId }), admin, 'zh-CN')
    expect(zh.data.fieldErrors.coverFileId).toBe('只能使用本系统上传的 JPG 或 PNG 图片')
    const dates = await call(
      'POST',
      '',
      item({ kind: 'exhibition', startsOn: '2026-12-10', endsOn: '2026-12-01' }),
    )
    expect(dates.data.fieldErrors.endsOn).toBe('The end date cannot be before the start date')
    expect(await contentRows()).toBe(before)
  })
})

describe('audience, publishing and withdrawing', () => {
  let news: ContentView
  it('publishes to the audience by role: one message each, linking to the item', async () => {
    const draft = await call<ContentView>(
      'POST',
      '',
      item({
        kind: 'exhibition',
        titleEn: 'Spring show',
        titleZh: '春季展',
        coverFileId: imageId,
        venue: 'Hall 1',
        audienceRoleIds: [approverRoleId],
      }),
    )
    expect(draft.code, draft.msg).toBe(0)
    news = draft.data
    expect(news.status).toBe('draft')
    expect(news.audience).toEqual([{ id: approverRoleId, name: 'Approver' }])
    // A draft is nobody's news yet.
    expect(
      (await call('GET', '', undefined, approver)).data.list.map((c: ContentView) => c.id),
    ).not.toContain(news.id)
    expect((await call('GET', `/${news.id}`, undefined, approver)).code).toBe(404)

    const published = await call('POST', `/${news.id}/publish`)
    expect(published.code, published.msg).toBe(0)
    expect(published.data.recipients).toBe(1)
    const [message] = await messagesOf(approver)
    expect(message).toMatchObject({
      kind: 'content',
      title: 'Spring show',
      contentId: news.id,
      contentKind: 'exhibition',
      read: false,
    })
    expect(await messagesOf(viewer)).toEqual([])

    const feed = await call<{ list: ContentView[] }>('GET', '?kind=exhibition', undefined, approver, 'zh-CN')
    expect(feed.data.list.map((c) => c.title)).toEqual(['春季展'])
    expect(feed.data.list[0].coverUrl).toMatch(/^\/api\/file\/downloadFile\/.+sig=/)
    expect((await call('GET', '', undefined, viewer)).data.total).toBe(0)
    expect((await call('GET', `/${news.id}`, undefined, viewer)).code).toBe(404)
    expect((await call('POST', `/${news.id}/publish`)).code).toBe(409)
  })

  it('reaches every user when no role is chosen', async () => {
    const all = await call<ContentView>('POST', '', item())
    const res = await call('POST', `/${all.data.id}/publish`)
    const users = Number(
      ((await t.deps.database.raw('select count(*) n from users where enabled')) as any[])[0].n,
    )
    expect(res.data.recipients).toBe(users)
    expect((await messagesOf(viewer)).map((m) => m.contentId)).toEqual([all.data.id])
    expect((await call('GET', '', undefined, viewer)).data.list.map((c: ContentView) => c.title)).toEqual([
      'Annual meeting',
    ])
  })

  it('withdrawing hides the item and its messages', async () => {
    const res = await call<ContentView>('POST', `/${news.id}/withdraw`)
    expect(res.data.status).toBe('withdrawn')
    expect(
      (await call('GET', '', undefined, approver)).data.list.map((c: ContentView) => c.id),
    ).not.toContain(news.id)
    expect((await call('GET', `/${news.id}`, undefined, approver)).code).toBe(404)
    expect((await messagesOf(approver)).map((m) => m.contentId)).not.toContain(news.id)
    expect((await call('POST', `/${news.id}/withdraw`)).code).toBe(409)
    // Staff still see it, withdrawn, in their list.
    const manage = await call<{ list: ContentView[] }>('GET', '/manage?status=withdrawn')
    expect(manage.data.list.map((c) => c.id)).toEqual([news.id])
  })

  it('lets only staff with dynamicManage:edit write or list everything', async () => {
    expect((await call('POST', '', item(), viewer)).code).toBe(4031)
    expect((await call('GET', '/manage', undefined, viewer)).code).toBe(4031)
    expect((await call('POST', `/${news.id}/publish`, undefined, approver)).code).toBe(4031)
  })
})

describe('messages by kind', () => {
  it('filters the message list by kind and refuses an unknown kind', async () => {
    const only = await t.call<{ list: MessageView[] }>('GET', '/api/message?kind=content', { token: viewer })
    expect(only.data.list.every((m) => m.kind === 'content')).toBe(true)
    const bad = await t.call('GET', '/api/message?kind=gossip', { token: viewer, lang: 'en' })
    expect(bad.code).toBe(400)
    expect(bad.data.fieldErrors.kind).toBe('Invalid value')
  })
})
