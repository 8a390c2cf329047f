// A security probe's requests on input (docs/security.md § Input at the edge), replayed through the real app:
// NUL bytes and unpaired surrogates anywhere, the log writer keeping good rows beside a bad one, secrets never
// in an exception text and the create-user race answering 409, drafts held to the step's limits and deep
// payloads refused, JSON sent as text/plain.
import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertRows, LogWriter, redactSecrets } from '../../src/server/http/request-log'
import type { ProcessView } from '../../src/shared/contracts/process'
import { createTestContext, TEST_PASSWORD, type TestContext } from './helpers'
import { assertWorldConsistent, worldProblems } from './invariants'

let t: TestContext
let admin: string
let registrar: string
beforeAll(async () => {
  t = await createTestContext()
  admin = await t.login('admin')
  registrar = await t.login('registrar')
})
afterAll(() => t?.close())

const rows = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  (await t.deps.database.raw(sql, params)) as T[]

/** POST a raw body with the given content type. */
async function postRaw(path: string, body: string, contentType: string, token?: string) {
  const headers: Record<string, string> = { 'content-type': contentType, 'accept-language': 'en' }
  if (token) headers['x-auth-token'] = token
  const res = await t.app.request(path, { method: 'POST', headers, body })
  return { status: res.status, json: (await res.json()) as { code: number; msg: string; data: any } }
}

async function newPurchase(): Promise<ProcessView> {
  const res = await t.call<ProcessView>('POST', '/api/process', {
    token: registrar,
    body: { type: 'BUY_ART', input: { artworks: [{ titleZh: '测试' }] } },
  })
  expect(res.code).toBe(0)
  return res.data
}

describe('a NUL byte at sign-in', () => {
  it('answers 400 naming the field, and the request still gets its log row', async () => {
    const res = await t.call('POST', '/api/auth/login', {
      body: { username: 'ad\u0000min', password: 'x' },
    })
    expect(res.status).toBe(400)
    expect(res.code).toBe(400)
    expect(res.data.fieldErrors).toEqual({ username: 'The text holds a NUL character or broken Unicode' })
    // The raw escape as the probe sent it, too.
    const raw = await postRaw('/api/auth/login', '{"username":"a\\u0000","password":"x"}', 'application/json')
    expect(raw.status).toBe(400)
    expect(raw.json.data.fieldErrors).toHaveProperty('username')
    await t.deps.logWriter.flush()
    const logged = await rows<{ n: number }>(
      "select count(*)::int as n from system_logs where request_uri = '/api/auth/login' and response_code = 400",
    )
    expect(logged[0].n).toBeGreaterThanOrEqual(2)
  })

  it('writes every good row of a batch that also holds a row the database refuses', async () => {
    const writer = new LogWriter(t.deps.database.db, { maxBatch: 1000, intervalMs: 60_000 })
    const good = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()]
    const row = (logId: string, extra: Record<string, unknown> = {}) => ({
      logId,
      moduleName: 'auth',
      accessTime: new Date(),
      requestUri: '/api/auth/login',
      operationType: 'LOGIN',
      httpMethod: 'POST',
      execTime: 1,
      success: false,
      responseCode: 500,
      ...extra,
    })
    writer.add(row(good[0], { exception: 'text with a NUL \u0000 and a lone \ud800 surrogate' }))
    writer.add(row(good[1]))
    // A row no sanitising can save (not a uuid): the database refuses it, the others must still land.
    writer.add(row('not-a-uuid'))
    writer.add(row(good[2], { requestUri: '/api/x?q=\u0000' }))
    await writer.close()
    const found = await rows<{ log_id: string; exception: string | null }>(
      'select log_id, exception from system_logs where log_id = any($1::uuid[])',
      [good],
    )
    expect(found.map((r) => r.log_id).sort()).toEqual([...good].sort())
    const first = found.find((r) => r.log_id === good[0])
    expect(first?.exception).toBe('text with a NUL \ufffd and a lone \ufffd surrogate')
  })

  it('writes a whole batch in its one statement, every column as given (the row-by-row fallback is only for a refused batch)', async () => {
    const ids = [crypto.randomUUID(), crypto.randomUUID()]
    const at = new Date('2026-03-04T05:06:07.089Z')
    const user = (await rows<{ id: string }>("select id from users where username = 'admin'"))[0].id
    await t.deps.database.db.execute(
      insertRows([
        {
          logId: ids[0],
          moduleName: 'process',
          createBy: 'admin',
          createByUserId: user,
          accessTime: at,
          requestUri: '/api/process/x/events',
          operationType: 'PROCESS_EVENT SAVE',
          clientIpAddr: '127.0.0.1',
          browserUserAgent: '浏览器 "quoted"',
          httpMethod: 'POST',
          execTime: 12,
          success: true,
          responseCode: 0,
          exception: null,
        },
        {
          logId: ids[1],
          moduleName: 'auth',
          accessTime: at,
          requestUri: '/api/auth/login',
          operationType: 'LOGIN',
          httpMethod: 'POST',
          execTime: 3,
          success: false,
          responseCode: 4011,
          exception: 'line one\nline two',
        },
      ]),
    )
    const found = await rows(
      `select log_id, module_name, create_by, create_by_user_id, access_time, request_uri, operation_type,
              client_ip_addr, browser_user_agent, http_method, exec_time, success, response_code, exception
         from system_logs where log_id = any($1::uuid[]) order by module_name desc`,
      [ids],
    )
    expect(found).toHaveLength(2)
    expect(found[0]).toMatchObject({
      log_id: ids[0],
      create_by: 'admin',
      create_by_user_id: user,
      operation_type: 'PROCESS_EVENT SAVE',
      browser_user_agent: '浏览器 "quoted"',
      exec_time: 12,
      success: true,
      response_code: 0,
      exception: null,
    })
    expect(new Date(found[0].access_time as string).toISOString()).toBe(at.toISOString())
    expect(found[1]).toMatchObject({
      create_by: null,
      client_ip_addr: null,
      success: false,
      exception: 'line one\nline two',
    })
  })
})

describe('one rule at the edge for every string', () => {
  const nul = 'a\u0000b'
  const lone = 'a\ud800b'

  it('refuses NUL and unpaired surrogates in a process payload, a comment, a start input (400, the field named)', async () => {
    const p = await newPurchase()
    for (const [body, field] of [
      [{ type: 'SAVE', expectedVersion: p.version, payload: { seller: nul } }, 'payload.seller'],
      [{ type: 'SAVE', expectedVersion: p.version, payload: { seller: lone } }, 'payload.seller'],
      [{ type: 'TERMINATE', expectedVersion: p.version, comment: lone }, 'comment'],
      [{ type: 'SAVE', expectedVersion: p.version, payload: { [nul]: 'x' } }, 'payload'],
    ] as const) {
      const res = await t.call('POST', `/api/process/${p.id}/events`, { token: registrar, body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(Object.keys(res.data.fieldErrors)).toEqual([field])
    }
    const start = await t.call('POST', '/api/process', {
      token: registrar,
      body: { type: 'BUY_ART', input: { artworks: [{ titleZh: `山水${lone}` }] } },
    })
    expect(start.status).toBe(400)
    expect(start.data.fieldErrors).toHaveProperty(['input.artworks.0.titleZh'])
    // Nothing was written by any of them.
    const [{ n }] = await rows<{ n: number }>(
      'select count(*)::int as n from process_history where process_id = $1',
      [p.id],
    )
    expect(n).toBe(1)
  })

  it('refuses them in the query string and in a path, naming the parameter', async () => {
    const query = await t.call('GET', '/api/auth/users?keyword=a%00b', { token: admin })
    expect(query.status).toBe(400)
    expect(query.data.fieldErrors).toEqual({ keyword: 'The text holds a NUL character or broken Unicode' })
    const surrogate = await t.call('GET', `/api/auth/users?keyword=${encodeURIComponent('x')}%ED%A0%80`, {
      token: admin,
    })
    // %ED%A0%80 is no UTF-8 at all: decoded as U+FFFD, an ordinary character, so the search runs.
    expect(surrogate.status).toBe(200)
    const path = await t.call('GET', '/api/process/a%00b', { token: admin })
    expect(path.status).toBe(400)
    expect(path.data.fieldErrors).toHaveProperty('path')
  })

  it('refuses them in a username at account creation and in a role name', async () => {
    const user = await t.call('POST', '/api/auth/users', {
      token: admin,
      body: { username: 'x', displayName: `Name${lone}`, password: TEST_PASSWORD },
    })
    expect(user.status).toBe(400)
    expect(user.data.fieldErrors).toHaveProperty('displayName')
    const role = await t.call('POST', '/api/auth/roles', {
      token: admin,
      body: { nameZh: nul, nameEn: 'n' },
    })
    expect(role.status).toBe(400)
    expect(role.data.fieldErrors).toHaveProperty('nameZh')
  })

  it('refuses them in the text fields of an upload; a file name is cleaned, as the files module does', async () => {
    const { png } = await import('../fixtures/file-samples')
    const bytes = new Uint8Array(await png(8, 8))
    const send = (purpose: string, name: string) => {
      const form = new FormData()
      form.append('purpose', purpose)
      form.append('file', new Blob([bytes]), name)
      return t.call('POST', '/api/file/upload', { token: registrar, body: form })
    }
    const bad = await send(`image${nul}`, 'a.png')
    expect(bad.status).toBe(400)
    expect(bad.data.fieldErrors).toHaveProperty('purpose')
    for (const name of [`a${nul}.png`, `b${lone}.png`]) {
      const res = await send('image', name)
      expect(res.code, name).toBe(0)
      const [row] = await rows<{ original_name: string }>('select original_name from files where id = $1', [
        res.data.id,
      ])
      expect(row.original_name).not.toContain('\u0000')
      expect(row.original_name).toMatch(/\.png$/)
    }
  })

  it('keeps well-formed text, emoji (surrogate pairs) and Chinese included', async () => {
    const p = await newPurchase()
    const res = await t.call('POST', `/api/process/${p.id}/events`, {
      token: registrar,
      body: { type: 'SAVE', expectedVersion: p.version, payload: { seller: '画廊 🖼️ Gallery' } },
    })
    expect(res.code).toBe(0)
  })
})

describe('drafts keep the form limits, payload depth is capped', () => {
  it('refuses a draft field longer than the step allows (the probe sent 0.9 MB)', async () => {
    const p = await newPurchase()
    const big = await t.call('POST', `/api/process/${p.id}/events`, {
      token: registrar,
      body: { type: 'SAVE', expectedVersion: p.version, payload: { seller: 'x'.repeat(900_000) } },
    })
    expect(big.status).toBe(400)
    expect(big.data.fieldErrors).toEqual({ 'payload.seller': 'At most 200 characters' })
    const wrongType = await t.call('POST', `/api/process/${p.id}/events`, {
      token: registrar,
      body: { type: 'SAVE', expectedVersion: p.version, payload: { seller: { deep: ['x'] } } },
    })
    expect(wrongType.status).toBe(400)
    expect(wrongType.data.fieldErrors).toHaveProperty(['payload.seller'])
    // A half-filled form is still a draft: empty, partial, not yet formatted.
    const ok = await t.call('POST', `/api/process/${p.id}/events`, {
      token: registrar,
      body: { type: 'SAVE', expectedVersion: p.version, payload: { seller: 'x'.repeat(200), price: '12.' } },
    })
    expect(ok.code, JSON.stringify(ok.data)).toBe(0)
  })

  it('answers a 5,000-deep array with 400, not 500, and a 33-deep object too', async () => {
    const p = await newPurchase()
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`
    const res = await postRaw(
      `/api/process/${p.id}/events`,
      `{"type":"SAVE","expectedVersion":${p.version},"payload":{"seller":${deep}}}`,
      'application/json',
      registrar,
    )
    expect(res.status).toBe(400)
    expect(res.json.code).toBe(400)
    expect(res.json.msg).toBe('Invalid input: check the marked fields')
    expect(Object.values(res.json.data.fieldErrors)[0]).toBe(
      'The data is nested too deeply (at most 32 levels)',
    )
    let nested: unknown = 'x'
    for (let i = 0; i < 32; i++) nested = { a: nested }
    const obj = await t.call('POST', '/api/auth/login', { body: { username: nested, password: 'x' } })
    expect(obj.status).toBe(400)
    expect(obj.msg).toBe('Invalid input: check the marked fields')
    expect(Object.values(obj.data.fieldErrors)[0]).toContain('nested too deeply')
  })
})

describe('JSON sent as text/plain', () => {
  it('answers 415 with the envelope', async () => {
    const res = await postRaw(
      '/api/auth/login',
      JSON.stringify({ username: 'admin', password: TEST_PASSWORD }),
      'text/plain;charset=UTF-8',
    )
    expect(res.status).toBe(415)
    expect(res.json).toEqual({
      code: 415,
      msg: 'Request bodies are sent as JSON (Content-Type: application/json)',
      data: null,
    })
    const none = await t.app.request('/api/auth/login', {
      method: 'POST',
      body: new Blob(['{}']),
      headers: { 'accept-language': 'en' },
    })
    expect(none.status).toBe(415)
    // A body-less POST needs no type.
    const list = await t.call('POST', '/api/art/getAllUser', { token: registrar })
    expect(list.code).toBe(0)
  })
})

describe('a request without a body over HTTP', () => {
  it('is not refused for its missing type: a browser DELETE declares no length and no type', async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise((resolve) => server.once('listening', resolve))
    const { port } = server.address() as AddressInfo
    try {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        // node:http sends neither content-length nor transfer-encoding for a DELETE without a body.
        const req = request(
          {
            host: '127.0.0.1',
            port,
            method: 'DELETE',
            path: '/api/artworks/00000000-0000-4000-8000-000000000000/lock',
            headers: {
              'x-auth-token': registrar,
              'x-system-name': 'artworkArchive',
              'accept-language': 'en',
            },
          },
          (res) => {
            let body = ''
            res.on('data', (chunk) => {
              body += chunk
            })
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
          },
        )
        req.on('error', reject)
        req.end()
      })
      expect(answer.status, answer.body).not.toBe(415)
      expect(JSON.parse(answer.body).code).not.toBe(415)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

describe('secrets never logged, the create-user race', () => {
  it('strips password hashes and tokens from exception text', () => {
    const hash = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$q83vEjRvL3JtYWJzb2x1dGVseW5vdGFyZWFsaGFzaA=='
    const token = 'k3Jd8sLq0ZxYw1VbN4mR7tU2pC9eH6gA5fS3dK8jL0q'
    const text = `Failed query: insert into "users" values ($1, $2)\nparams: bob,${hash},${token} password=hunter2`
    const out = redactSecrets(text)
    expect(out).not.toContain('scrypt$16384')
    expect(out).not.toContain(token)
    expect(out).not.toContain('hunter2')
    expect(out).toContain('Failed query: insert into "users"')
  })

  it('answers four concurrent creations of one username with one success and 409s, no hash in the log', async () => {
    const username = `race${Date.now()}`
    const results = await Promise.all(
      [1, 2, 3, 4].map(() =>
        t.call('POST', '/api/auth/users', {
          token: admin,
          body: { username, displayName: 'Race', password: TEST_PASSWORD },
        }),
      ),
    )
    const codes = results.map((r) => r.code).sort()
    expect(codes.filter((c) => c === 0)).toHaveLength(1)
    for (const r of results.filter((x) => x.code !== 0)) {
      // The pre-check catches the later ones (400 taken); the racers that passed it get 409.
      expect([400, 409]).toContain(r.code)
      expect(r.data.fieldErrors).toHaveProperty('username')
    }
    expect(codes).not.toContain(500)
    expect(codes).toContain(409) // the racers that passed the pre-check together
    await t.deps.logWriter.flush()
    const leaked = await rows<{ n: number }>(
      "select count(*)::int as n from system_logs where exception like '%scrypt$%'",
    )
    expect(leaked[0].n).toBe(0)
  })
})

describe('names made only of invisible characters', () => {
  /** Zero-width, joiners, BOM, bidi marks, embeddings, overrides, isolates, fillers, with and without spaces. */
  const INVISIBLE = [
    '\u200B\u200C\u200D',
    '\uFEFF\u2060',
    '\u202E\u202D\u202C',
    '\u2066\u2067\u2068\u2069',
    '\u200E\u200F\u061C',
    ' \u200B \u3000 \u00A0',
    '\u3164\u115F',
    '\u2800',
    '\u00AD\u034F\uFE0F',
  ]
  const EN = 'A name needs visible text (not only spaces, zero-width or text-direction characters)'
  const ZH = '名称须含有可见的文字（不能只有空格、零宽或文字方向控制字符）'
  const A = { 'x-system-name': 'artworkArchive' }

  /** Each call makes one name field hold `name`; the field the refusal must name. */
  const cases: {
    what: string
    field: string
    send: (
      name: string,
      lang: string,
    ) => Promise<{ status: number; data: { fieldErrors: Record<string, string> } }>
  }[] = [
    {
      what: 'user display name',
      field: 'displayName',
      send: (name, lang) =>
        t.call('POST', '/api/auth/users', {
          token: admin,
          lang,
          body: { username: 'invisible1', displayName: name, password: TEST_PASSWORD },
        }),
    },
    {
      what: 'user English name',
      field: 'displayNameEn',
      send: (name, lang) =>
        t.call('POST', '/api/auth/users', {
          token: admin,
          lang,
          body: {
            username: 'invisible2',
            displayName: 'Visible',
            displayNameEn: name,
            password: TEST_PASSWORD,
          },
        }),
    },
    {
      what: 'role name',
      field: 'nameZh',
      send: (name, lang) =>
        t.call('POST', '/api/auth/roles', {
          token: admin,
          lang,
          body: { nameZh: name, nameEn: 'Invisible' },
        }),
    },
    {
      what: 'role English name',
      field: 'nameEn',
      send: (name, lang) =>
        t.call('POST', '/api/auth/roles', { token: admin, lang, body: { nameZh: '看不见', nameEn: name } }),
    },
    {
      what: 'artwork title',
      field: 'titleZh',
      send: (name, lang) =>
        t.call('POST', '/api/artworks', {
          token: registrar,
          lang,
          headers: A,
          body: { inventoryNo: 'VT-INVISIBLE-1', titleZh: name, titleEn: 'Visible' },
        }),
    },
    {
      what: 'artist name',
      field: 'nameEn',
      send: (name, lang) =>
        t.call('POST', '/api/artworks/artists', {
          token: registrar,
          lang,
          headers: A,
          body: { nameZh: '画家', nameEn: name },
        }),
    },
    {
      what: 'reference label',
      field: 'labelEn',
      send: (name, lang) =>
        t.call('POST', '/api/reference/dictionary-items', {
          token: admin,
          lang,
          body: { dictCode: 'CURRENCY', value: 'XIN', labelZh: '不可见币', labelEn: name },
        }),
    },
  ]

  it('refuses each at its field in both languages (400), and writes nothing', async () => {
    const count = async () =>
      (
        await rows<{ n: number }>(
          `select (select count(*) from users) + (select count(*) from roles) + (select count(*) from artworks)
                + (select count(*) from artists) + (select count(*) from dict_items) as n`,
        )
      )[0].n
    const before = Number(await count())
    for (const c of cases) {
      for (const name of INVISIBLE) {
        const en = await c.send(name, 'en')
        expect(en.status, `${c.what} ${JSON.stringify(name)}`).toBe(400)
        expect(en.data.fieldErrors[c.field], `${c.what} ${JSON.stringify(name)}`).toBe(EN)
      }
      const zh = await c.send(INVISIBLE[2], 'zh-CN')
      expect(zh.status, c.what).toBe(400)
      expect(zh.data.fieldErrors[c.field], c.what).toBe(ZH)
    }
    expect(Number(await count())).toBe(before)
  })

  it('keeps names that hold visible text among such characters (a joiner in an emoji, a mark in Arabic)', async () => {
    for (const name of ['\u200BVisible', '👩\u200D💻 Lin', '\u202Bمرحبا\u202C', '王\u200B五']) {
      const res = await t.call('POST', '/api/auth/roles', {
        token: admin,
        body: { nameZh: name, nameEn: `Visible ${name.length}`, privileges: ['artworkArchive:view'] },
      })
      expect(res.code, `${JSON.stringify(name)} ${JSON.stringify(res.data)}`).toBe(0)
    }
  })

  it('the world check finds a name stored without visible text, and the world is clean otherwise', async () => {
    await assertWorldConsistent(t)
    await t.deps.database.raw(
      "update users set display_name_en = E'\\u200B\\u202E' where username = 'viewer'",
    )
    try {
      const problems = await worldProblems(t)
      expect(problems).toEqual([expect.objectContaining({ who: 'viewer', what: 'users.display_name_en' })])
    } finally {
      await t.deps.database.raw("update users set display_name_en = '' where username = 'viewer'")
    }
  })
})
