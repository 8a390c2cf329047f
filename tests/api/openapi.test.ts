// /api/openapi.json is a document real clients can use: Redocly CLI's recommended rules find no error in
// it, and a client generated from it (openapi-typescript) type-checks against real calls — and those same
// calls, made through the app with the generated paths, answer what the types say.
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operationIdOf } from '../../src/server/http/openapi'
import { createTestContext, type TestContext } from './helpers'

const run = promisify(execFile)
const BIN = path.resolve('node_modules/.bin')

interface Operation {
  operationId?: string
  security?: Record<string, string[]>[]
  responses?: Record<string, unknown>
  'x-privilege'?: string
}
interface Doc {
  servers?: { url: string }[]
  paths: Record<string, Record<string, Operation>>
  components?: { securitySchemes?: Record<string, { type: string; in?: string; name?: string }> }
}

let t: TestContext
let dir: string
let doc: Doc

beforeAll(async () => {
  t = await createTestContext({ collection: true })
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-openapi-'))
  const res = await t.app.request('/api/openapi.json')
  doc = (await res.json()) as Doc
  await writeFile(path.join(dir, 'openapi.json'), JSON.stringify(doc))
})

afterAll(async () => {
  await t?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

const operations = () =>
  Object.entries(doc.paths).flatMap(([p, item]) => Object.entries(item).map(([m, op]) => ({ p, m, op })))

describe('the OpenAPI document', () => {
  it('passes Redocly CLI recommended rules with no error', async () => {
    const { stdout } = await run(
      path.join(BIN, 'redocly'),
      ['lint', '--format=json', '--max-problems=5000', path.join(dir, 'openapi.json')],
      {
        cwd: dir,
        maxBuffer: 64 * 1024 * 1024,
        // No telemetry, no update check: the linter reads the file and nothing else.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }))
    const report = JSON.parse(stdout) as {
      totals: { errors: number; warnings: number }
      problems: { ruleId: string; severity: string; message: string }[]
    }
    const errors = report.problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message}`)
    expect(errors).toEqual([])
    expect(report.totals.errors).toBe(0)
    // Only the known ambiguity of /artworks/import/{jobId} beside /artworks/{id}/<action> (lock, history,
    // restore, condition-reports) is left: the fixed segment wins, as the router resolves it.
    const known =
      /^Found two ambiguous paths: `\/api\/artworks\/import\/\{jobId\}` and `\/api\/artworks\/\{id\}\/[a-z-]+`\.$/
    const warnings = report.problems
      .filter((p) => p.severity === 'warn')
      .filter(
        (p) => !(p.ruleId === 'no-ambiguous-paths' && known.test(p.message.replace(/^.*?(Found)/, '$1'))),
      )
      .map((p) => `${p.ruleId}: ${p.message}`)
    expect(warnings).toEqual([])
  }, 60_000)

  it('names every operation once, says who may call it and documents its 4xx answers', () => {
    const ops = operations()
    expect(ops.length).toBeGreaterThan(100)
    expect(doc.servers?.length).toBeGreaterThan(0)
    expect(doc.components?.securitySchemes?.authToken).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-auth-token',
    })
    const ids = ops.map(({ op }) => op.operationId)
    expect(new Set(ids).size).toBe(ops.length)
    for (const { p, m, op } of ops) {
      expect(op.operationId, `${m} ${p}`).toBe(operationIdOf(m, p))
      expect(op['x-privilege'], `${m} ${p}`).toBeTruthy()
      if (op['x-privilege'] === 'public') {
        // A download is public to a signed link (query `sig`) and otherwise needs a token.
        const signed = JSON.stringify(op).includes('"name":"sig"')
        expect(op.security, `${m} ${p}`).toEqual(signed ? [{ authToken: [] }, {}] : [])
      } else {
        expect(op.security, `${m} ${p}`).toEqual([{ authToken: [] }])
        expect(op.responses?.['403'], `${m} ${p}`).toBeTruthy()
      }
      expect(
        Object.keys(op.responses ?? {}).some((s) => /^4\d\d$/.test(s)),
        `${m} ${p}`,
      ).toBe(true)
      if (p.includes('{')) expect(op.responses?.['404'], `${m} ${p}`).toBeTruthy()
    }
    expect(doc.paths['/api/auth/login'].post.responses?.['429']).toBeTruthy()
    expect(operationIdOf('post', '/api/reference/tags/{id}/enable')).toBe('postReferenceTagsByIdEnable')
  })
})

// A small client written against the generated types: three real operations.
const CLIENT = `import type { paths } from './api'

type Fetch = (path: string, init: { headers: Record<string, string> }) => Promise<{ json(): Promise<unknown> }>
type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never
type Ok<P extends keyof paths> = paths[P] extends { get: { responses: { 200: infer R } } } ? Json<R> : never
type Query<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Q } } } ? Q : never

export function client(fetcher: Fetch, token: string, system: string) {
  async function get<P extends keyof paths>(p: P, query?: Query<P>): Promise<Ok<P>> {
    const search = new URLSearchParams()
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) search.set(k, String(v))
    const qs = search.size ? \`?\${search}\` : ''
    const res = await fetcher(\`\${p}\${qs}\`, { headers: { 'x-auth-token': token, 'x-system-name': system } })
    return (await res.json()) as Ok<P>
  }
  return {
    async myName(): Promise<string> {
      const me = await get('/api/auth/me')
      return me.data.user.displayName
    },
    async processIds(): Promise<{ ids: string[]; total: number }> {
      const page = await get('/api/process', { page: 1, pageSize: 5, type: 'BUY_ART' })
      return { ids: page.data.list.map((p) => p.id), total: page.data.total }
    },
    async artworkIds(): Promise<string[]> {
      const page = await get('/api/artworks', { page: 1, pageSize: 5 })
      return page.data.list.map((a) => String(a.id))
    },
  }
}
`

describe('a client generated from the document', () => {
  it('type-checks three real calls, refuses a wrong one, and the calls answer as typed', async () => {
    await run(path.join(BIN, 'openapi-typescript'), [
      path.join(dir, 'openapi.json'),
      '--output',
      path.join(dir, 'api.d.ts'),
    ])
    await writeFile(path.join(dir, 'client.ts'), CLIENT)
    const tsconfig = (files: string[]) =>
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'es2022',
          module: 'esnext',
          moduleResolution: 'bundler',
          lib: ['es2022', 'dom'],
          types: [],
          skipLibCheck: true,
        },
        files,
      })
    await writeFile(path.join(dir, 'tsconfig.json'), tsconfig(['client.ts']))
    const good = await run(path.join(BIN, 'tsc'), ['-p', path.join(dir, 'tsconfig.json')], { cwd: dir }).then(
      () => 'ok',
      (error: { stdout?: string }) => error.stdout ?? 'failed',
    )
    expect(good).toBe('ok')

    // The types are real: a field the API does not have, or a query value it does not take, is refused.
    await writeFile(
      path.join(dir, 'wrong.ts'),
      `${CLIENT}
export async function wrong(c: ReturnType<typeof client>, get: <P extends keyof paths>(p: P) => Promise<Ok<P>>) {
  const me = await get('/api/auth/me')
  return me.data.user.noSuchField
}
`,
    )
    await writeFile(path.join(dir, 'tsconfig.wrong.json'), tsconfig(['wrong.ts']))
    const bad = await run(path.join(BIN, 'tsc'), ['-p', path.join(dir, 'tsconfig.wrong.json')], {
      cwd: dir,
    }).then(
      () => 'ok',
      (error: { stdout?: string }) => error.stdout ?? 'failed',
    )
    expect(bad).toContain('noSuchField')

    // The same client, run against the app.
    const { client } = (await import(path.join(dir, 'client.ts'))) as {
      client: (
        fetcher: (p: string, init: { headers: Record<string, string> }) => Promise<Response>,
        token: string,
        system: string,
      ) => {
        myName(): Promise<string>
        processIds(): Promise<{ ids: string[]; total: number }>
        artworkIds(): Promise<string[]>
      }
    }
    const token = await t.login('admin')
    const fetcher = async (p: string, init: { headers: Record<string, string> }) => t.app.request(p, init)
    const admin = client(fetcher, token, 'devOpsManage')
    expect(typeof (await admin.myName())).toBe('string')
    const processes = await admin.processIds()
    expect(processes.total).toBeGreaterThan(0)
    expect(processes.ids.length).toBeGreaterThan(0)
    const artworks = await client(fetcher, token, 'artworkArchive').artworkIds()
    expect(artworks.length).toBeGreaterThan(0)
  }, 60_000)
})
