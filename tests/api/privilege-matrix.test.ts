// The privilege matrix, generated from /api/openapi.json rather than listed by hand: every operation ×
// every demo role's user (and anonymous) is called once with a minimal request, and the answer is checked
// against the operation's `x-privilege` and the privileges the server itself reads for that user
// (privilegesOf, over the roles in the database; keys from src/shared/privileges.ts). Anonymous on a
// protected operation → 403; a user lacking the privilege → 4031; a user holding it → anything else
// (400 or 404 mean the check passed) and never a 5xx.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../src/server/db/schema'
import type { AuthUser } from '../../src/server/http/context'
import { privilegesOf } from '../../src/server/modules/auth/sessions'
import { canUpload } from '../../src/server/modules/files/file-access'
import { machineCatalog } from '../../src/server/modules/process/machine-catalog'
import { mayStartSome } from '../../src/server/modules/process/start-access'
import { DEMO_USERS } from '../../src/server/seed/demo-users'
import { isPrivilegeKey, SYSTEM_NAMES } from '../../src/shared/privileges'
import { createTestContext, type TestContext } from './helpers'

interface Operation {
  operationId: string
  'x-privilege'?: string
  security?: Record<string, string[]>[]
  requestBody?: { content?: Record<string, unknown> }
  parameters?: { in?: string; name?: string }[]
}

/**
 * Operations whose access is decided by code rather than one privilege key (`x-privilege: custom`): the
 * rule each applies, taken from the server where it is exported. Kept small (asserted below).
 */
const CUSTOM_RULES: Record<
  string,
  { reason: string; allows: (user: Pick<AuthUser, 'allPrivileges' | 'privileges'>) => boolean }
> = {
  getSystemInfo: {
    reason: 'diagnostics for administrators: full privilege only (inline rule in system-info/routes.ts)',
    allows: (user) => user.allPrivileges,
  },
  postProcess: {
    reason:
      "starting a process: devOpsManage:start, or a type's own start privileges (finance raises payment requests; process/start-access.ts)",
    allows: mayStartSome(machineCatalog) as (user: Pick<AuthUser, 'allPrivileges' | 'privileges'>) => boolean,
  },
  postFileUpload: {
    reason: 'any privilege beyond viewing may upload (files/file-access.ts canUpload)',
    allows: canUpload as (user: Pick<AuthUser, 'allPrivileges' | 'privileges'>) => boolean,
  },
}

/**
 * `x-privilege: public` operations that still need a signed link (query `sig`) or a token: anonymous
 * without a signature is refused with 403, any signed-in user passes the edge (the handler answers 404
 * for a file that user may not read). Recognised from the document (security: token or nothing).
 */
const SIGNED_LINKS: Record<string, string> = {
  getFileDownloadFileById: 'a file download: signed link or token (files/routes.ts)',
  getFileThumbnailById: 'a thumbnail: signed link or token (files/routes.ts)',
}

const USERNAMES = ['admin', ...DEMO_USERS.map((u) => u.username)]

interface Cell {
  op: string
  who: string
  expected: 'notSignedIn' | 'denied' | 'passes'
  status: number
  code: number
}

let t: TestContext
let ops: { method: string; path: string; op: Operation }[]
const people = new Map<string, { token: string; allPrivileges: boolean; privileges: Set<string> }>()

beforeAll(async () => {
  t = await createTestContext()
  const doc = (await (await t.app.request('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, Operation>>
  }
  ops = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method, path, op })),
  )
  const { db } = t.deps.database
  for (const username of USERNAMES) {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username))
    const held = await privilegesOf(db, row.id)
    people.set(username, { token: await t.login(username), ...held })
  }
}, 120_000)

afterAll(async () => {
  await t?.close()
})

/** A syntactically minimal request: a random uuid for each path parameter, `{}` (or an empty form) as body. */
function requestFor(entry: { method: string; path: string; op: Operation }) {
  const url = entry.path.replace(/\{[^}]+\}/g, () => randomUUID())
  const content = entry.op.requestBody?.content ?? {}
  let body: unknown
  if ('application/json' in content) body = {}
  else if ('multipart/form-data' in content) body = new FormData()
  return { method: entry.method.toUpperCase(), url, body }
}

/** The system a privilege belongs to is the one sent as x-system-name; other operations send none. */
function systemFor(privilege: string): string | undefined {
  const system = privilege.split(':')[0]
  return (SYSTEM_NAMES as string[]).includes(system) ? system : undefined
}

function holds(person: { allPrivileges: boolean; privileges: Set<string> }, op: Operation): boolean {
  const privilege = op['x-privilege'] ?? ''
  if (privilege === 'signedIn') return true
  if (privilege === 'custom') return CUSTOM_RULES[op.operationId].allows(person)
  return person.allPrivileges || person.privileges.has(privilege)
}

describe('privilege matrix: every operation × every demo role and anonymous', () => {
  it('answers every cell as x-privilege and the role say', async () => {
    // Every operation is classified: a privilege key, signedIn, public, or a custom rule listed above.
    const unclassified = ops.filter(({ op }) => {
      const p = op['x-privilege'] ?? ''
      if (p === 'public' || p === 'signedIn') return false
      if (p === 'custom') return !(op.operationId in CUSTOM_RULES)
      return !isPrivilegeKey(p)
    })
    expect(unclassified.map(({ method, path }) => `${method} ${path}`)).toEqual([])
    const customOps = ops.filter(({ op }) => op['x-privilege'] === 'custom').map(({ op }) => op.operationId)
    expect(customOps.sort()).toEqual(Object.keys(CUSTOM_RULES).sort())
    expect(customOps.length).toBeLessThanOrEqual(3)
    const signedLinkOps = ops.filter(({ op }) => op.security?.length === 2).map(({ op }) => op.operationId)
    expect(signedLinkOps.sort()).toEqual(Object.keys(SIGNED_LINKS).sort())
    for (const [name, rule] of Object.entries(CUSTOM_RULES)) expect(rule.reason, name).toBeTruthy()

    // Every role holds something and lacks something, so both kinds of cell are exercised per role.
    expect(people.size).toBe(6)

    const cells: Cell[] = []
    const wrong: string[] = []
    // Signing out ends the token it is sent with: those cells go last, each on a token of its own.
    const ordered = [...ops].sort(
      (a, b) => Number(a.path === '/api/auth/logout') - Number(b.path === '/api/auth/logout'),
    )
    for (const entry of ordered) {
      const { op } = entry
      const privilege = op['x-privilege'] ?? ''
      const system = systemFor(privilege)
      const headers: Record<string, string> = system ? { 'x-system-name': system } : {}
      const signedLink = op.operationId in SIGNED_LINKS
      const isPublic = privilege === 'public' && !signedLink
      const who: [string, string | undefined, boolean][] = [['anonymous', undefined, isPublic]]
      for (const [username, person] of people) {
        const token = entry.path === '/api/auth/logout' ? await t.login(username) : person.token
        who.push([username, token, isPublic || signedLink || holds(person, op)])
      }
      for (const [name, token, allowed] of who) {
        const req = requestFor(entry)
        const res = await t.call(req.method, req.url, { token, body: req.body, headers })
        const expected: Cell['expected'] = allowed ? 'passes' : token ? 'denied' : 'notSignedIn'
        cells.push({ op: op.operationId, who: name, expected, status: res.status, code: res.code })
        const ok =
          expected === 'notSignedIn'
            ? res.status === 403 && res.code === 403
            : expected === 'denied'
              ? res.status === 403 && res.code === 4031
              : res.status !== 403 && res.code !== 403 && res.code !== 4031 && res.status < 500
        if (!ok)
          wrong.push(
            `${entry.method} ${entry.path} as ${name}: expected ${expected}, got HTTP ${res.status} code ${res.code} (${res.msg})`,
          )
      }
    }
    expect(wrong).toEqual([])
    // Every cell was walked, and each kind of answer occurs.
    expect(cells.length).toBe(ops.length * (people.size + 1))
    for (const kind of ['notSignedIn', 'denied', 'passes'] as const)
      expect(cells.filter((c) => c.expected === kind).length, kind).toBeGreaterThan(0)
    for (const username of USERNAMES) {
      const mine = cells.filter((c) => c.who === username)
      if (username !== 'admin')
        expect(
          mine.some((c) => c.expected === 'denied'),
          username,
        ).toBe(true)
      expect(
        mine.some((c) => c.expected === 'passes'),
        username,
      ).toBe(true)
    }
    console.info(
      `privilege matrix: ${ops.length} operations × ${people.size + 1} callers = ${cells.length} cells ` +
        `(${cells.filter((c) => c.expected === 'passes').length} pass, ` +
        `${cells.filter((c) => c.expected === 'denied').length} denied 4031, ` +
        `${cells.filter((c) => c.expected === 'notSignedIn').length} anonymous 403)`,
    )
  }, 180_000)
})
