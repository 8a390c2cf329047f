// The privilege matrix, generated from /api/openapi.json rather than listed by hand: every operation ×
// every demo role's user (and anonymous) is called once with a minimal request, and the answer is checked
// against the operation's `x-privilege` and the privileges the server itself reads for that user
// (privilegesOf, over the roles in the database; keys from src/shared/privileges.ts). Anonymous on a
// protected operation → 403; a user lacking the privilege → 4031; a user holding it → anything else
// (400 or 404 mean the check passed) and never a 5xx.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventTypes } from '../../machines/view'
import { users } from '../../src/server/db/schema'
import type { AuthUser } from '../../src/server/http/context'
import { privilegesOf } from '../../src/server/modules/auth/sessions'
import { canUpload } from '../../src/server/modules/files/file-access'
import { machineCatalog } from '../../src/server/modules/process/machine-catalog'
import { mayStartSome } from '../../src/server/modules/process/start-access'
import { DEMO_USERS } from '../../src/server/seed/demo-users'
import type { ProcessView } from '../../src/shared/contracts/process'
import { formatMessage } from '../../src/shared/errors'
import { dayIn } from '../../src/shared/office-time'
import { isPrivilegeKey, SYSTEM_NAMES } from '../../src/shared/privileges'
import { createTestContext, TEST_PASSWORD, type TestContext } from './helpers'
import { type Flow, openFlow } from './process-flow'
import { contract, dueDiligence, payment } from './process-helpers'

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
  getExportsFullByIdDownload:
    "a full export's archive: signed link or token, then the export privilege (exports/routes.ts)",
  getIiif3ByIdInfoJson: "an image's IIIF info.json: the file's signed link or token (iiif/routes.ts)",
  getIiif3ByIdByRegionBySizeByRotationByQualityFormat:
    "an IIIF rendering of an image: the file's signed link or token (iiif/routes.ts)",
  getIiifPresentationArtworksByIdManifestJson:
    "an artwork's IIIF manifest: signed manifest link or token, then the archive's view privilege (iiif/routes.ts)",
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
  // The demo user limited to a legal entity (`foundation`) is limited here too: its scope must never turn a
  // missing privilege into anything but 4031, nor an operation it may call into a 5xx.
  const [entity] = (await t.deps.database.raw(
    `insert into legal_entities (name_zh, name_en, kind, jurisdiction)
     values ('矩阵基金会', 'Matrix Foundation', 'foundation', (select code from countries limit 1)) returning id`,
  )) as { id: string }[]
  await t.deps.database.raw(
    `insert into user_entity_scope (user_id, entity_id)
     select id, $1 from users where username = 'foundation'`,
    [entity.id],
  )
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
    expect(people.size).toBe(8)

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

// ── The user manager: a user holding only authManage:view and authManage:edit, over every admin operation ──
// Each admin operation is called twice with a well-formed request: once at what lies beyond a user manager
// (the administrator, the full-privilege role, a role or user granting full privilege) and once at what lies
// within (a role of its own privileges, a user holding only them). A write beyond is refused with 4031 and a
// read passes; everything within passes. The rule is docs/security.md "User managers" (auth/grant-rule.ts).

interface ManagerCase {
  /** The call at what lies beyond a user manager (refused when the operation writes). */
  beyond: () => Promise<{ url: string; body?: unknown }>
  /** The call at what lies within (always answered). */
  within: () => Promise<{ url: string; body?: unknown }>
}

describe('privilege matrix: a user manager (authManage:view + edit only) over the admin operations', () => {
  let manager: string
  const reach = { adminId: '', adminRole: '', helperId: '', helperRole: '' }

  /** A user's editable fields as the list shows them: a PUT body that changes nothing. */
  async function unchanged(userId: string) {
    const list = (await t.call('GET', '/api/auth/users?pageSize=200', { token: await t.login('admin') })).data
      .list as { id: string; [k: string]: unknown }[]
    const u = list.find((x) => x.id === userId)!
    const { displayName, displayNameEn, email, enabled, roleIds, privileges } = u
    return { displayName, displayNameEn, email, enabled, roleIds, privileges }
  }

  /** The id of a live session of the user, signed in for it. */
  async function sessionOf(username: string, userId: string) {
    await t.login(username)
    const admin = await t.login('admin')
    const list = (await t.call('GET', `/api/auth/users/${userId}/sessions`, { token: admin })).data
    return list[0].id as string
  }

  const helperRoleBody = { nameZh: '矩阵助理', nameEn: 'Matrix helper', privileges: ['authManage:view'] }
  const userCase = (suffix: string): ManagerCase => ({
    beyond: async () => ({ url: `/api/auth/users/${reach.adminId}${suffix}` }),
    within: async () => ({ url: `/api/auth/users/${reach.helperId}${suffix}` }),
  })
  const roleCase = (suffix: string): ManagerCase => ({
    beyond: async () => ({ url: `/api/auth/roles/${reach.adminRole}${suffix}` }),
    within: async () => ({ url: `/api/auth/roles/${reach.helperRole}${suffix}` }),
  })
  /** In the order they are called. */
  const CASES: Record<string, ManagerCase> = {
    'get /api/auth/privileges': {
      beyond: async () => ({ url: '/api/auth/privileges' }),
      within: async () => ({ url: '/api/auth/privileges' }),
    },
    'get /api/auth/roles': {
      beyond: async () => ({ url: '/api/auth/roles' }),
      within: async () => ({ url: '/api/auth/roles' }),
    },
    'post /api/auth/roles': {
      beyond: async () => ({
        url: '/api/auth/roles',
        body: { nameZh: '矩阵全权', nameEn: 'Matrix all', allPrivileges: true },
      }),
      within: async () => ({
        url: '/api/auth/roles',
        body: { nameZh: '矩阵读者', nameEn: 'Matrix reader', privileges: ['authManage:view'] },
      }),
    },
    'put /api/auth/roles/{id}': {
      beyond: async () => ({
        url: `/api/auth/roles/${reach.adminRole}`,
        body: { nameZh: '系统管理员', nameEn: 'Administrator', allPrivileges: true },
      }),
      within: async () => ({ url: `/api/auth/roles/${reach.helperRole}`, body: helperRoleBody }),
    },
    'post /api/auth/roles/{id}/preview': {
      beyond: async () => ({
        url: `/api/auth/roles/${reach.adminRole}/preview`,
        body: { nameZh: '系统管理员', nameEn: 'Administrator', allPrivileges: true },
      }),
      within: async () => ({ url: `/api/auth/roles/${reach.helperRole}/preview`, body: helperRoleBody }),
    },
    'post /api/auth/roles/{id}/disable': roleCase('/disable'),
    'post /api/auth/roles/{id}/enable': roleCase('/enable'),
    'get /api/auth/users': {
      beyond: async () => ({ url: '/api/auth/users' }),
      within: async () => ({ url: '/api/auth/users' }),
    },
    'get /api/auth/users/scope-choices': {
      beyond: async () => ({ url: '/api/auth/users/scope-choices' }),
      within: async () => ({ url: '/api/auth/users/scope-choices' }),
    },
    'get /api/auth/users/{id}': userCase(''),
    'put /api/auth/users/{id}/entities': {
      beyond: async () => ({ url: `/api/auth/users/${reach.adminId}/entities`, body: { entityIds: [] } }),
      within: async () => ({ url: `/api/auth/users/${reach.helperId}/entities`, body: { entityIds: [] } }),
    },
    'post /api/auth/users': {
      beyond: async () => ({
        url: '/api/auth/users',
        body: { username: 'matrix.x', displayName: 'X', password: TEST_PASSWORD, roleIds: [reach.adminRole] },
      }),
      within: async () => ({
        url: '/api/auth/users',
        body: {
          username: 'matrix.y',
          displayName: 'Y',
          password: TEST_PASSWORD,
          roleIds: [reach.helperRole],
        },
      }),
    },
    'put /api/auth/users/{id}': {
      beyond: async () => ({ url: `/api/auth/users/${reach.adminId}`, body: await unchanged(reach.adminId) }),
      within: async () => ({
        url: `/api/auth/users/${reach.helperId}`,
        body: await unchanged(reach.helperId),
      }),
    },
    'post /api/auth/users/{id}/disable': userCase('/disable'),
    'post /api/auth/users/{id}/enable': userCase('/enable'),
    'post /api/auth/users/{id}/unlock': userCase('/unlock'),
    'get /api/auth/users/{id}/sessions': userCase('/sessions'),
    'delete /api/auth/users/{id}/sessions/{sessionId}': {
      beyond: async () => ({
        url: `/api/auth/users/${reach.adminId}/sessions/${await sessionOf('admin', reach.adminId)}`,
      }),
      within: async () => ({
        url: `/api/auth/users/${reach.helperId}/sessions/${await sessionOf('matrix.helper', reach.helperId)}`,
      }),
    },
    // Last: the helper's password is no longer the one the cases above sign in with.
    'post /api/auth/users/{id}/reset-password': userCase('/reset-password'),
  }

  beforeAll(async () => {
    const admin = await t.login('admin')
    const roles = (await t.call('GET', '/api/auth/roles?pageSize=200', { token: admin })).data.list
    reach.adminRole = roles.find((r: { key: string }) => r.key === 'administrator').id
    const [row] = await t.deps.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'admin'))
    reach.adminId = row.id
    const managerRole = await t.call('POST', '/api/auth/roles', {
      token: admin,
      body: {
        nameZh: '矩阵用户管理员',
        nameEn: 'Matrix user manager',
        privileges: ['authManage:view', 'authManage:edit'],
      },
    })
    const helperRole = await t.call('POST', '/api/auth/roles', { token: admin, body: helperRoleBody })
    reach.helperRole = helperRole.data.id
    for (const [username, roleId] of [
      ['matrix.manager', managerRole.data.id],
      ['matrix.helper', reach.helperRole],
    ]) {
      const res = await t.call('POST', '/api/auth/users', {
        token: admin,
        body: { username, displayName: username, password: TEST_PASSWORD, roleIds: [roleId] },
      })
      expect(res.code, res.msg).toBe(0)
      if (username === 'matrix.helper') reach.helperId = res.data.id
    }
    manager = await t.login('matrix.manager')
  }, 60_000)

  it('lets it through the edge everywhere, refuses every write beyond it and answers everything within', async () => {
    const adminOps = ops.filter(
      ({ path, op }) => path.startsWith('/api/auth/') && (op['x-privilege'] ?? '').startsWith('authManage:'),
    )
    // Every admin operation has its two cases here: a new one must say what a user manager may do with it.
    expect(adminOps.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(Object.keys(CASES).sort())
    const headers = { 'x-system-name': 'authManage' }
    const wrong: string[] = []
    let refusals = 0
    // In the order of CASES: a user or role is disabled before it is enabled again, signed in before its reset.
    for (const key of Object.keys(CASES)) {
      const entry = adminOps.find(({ method, path }) => `${method} ${path}` === key)!
      const writes = entry.op['x-privilege'] === 'authManage:edit'
      // The minimal request of the matrix above: the privilege is held, so the edge lets it through.
      const minimal = requestFor(entry)
      const edge = await t.call(minimal.method, minimal.url, { token: manager, body: minimal.body, headers })
      if (edge.code === 4031 || edge.code === 403 || edge.status >= 500)
        wrong.push(
          `${key} (minimal): expected to pass the edge, got ${edge.status} ${edge.code} (${edge.msg})`,
        )
      for (const side of ['beyond', 'within'] as const) {
        const { url, body } = await CASES[key][side]()
        const res = await t.call(entry.method.toUpperCase(), url, { token: manager, body, headers })
        const expected = side === 'beyond' && writes ? 4031 : 0
        if (res.code === 4031) refusals++
        if (res.code !== expected)
          wrong.push(
            `${key} ${side}: expected ${expected}, got HTTP ${res.status} code ${res.code} (${res.msg})`,
          )
      }
    }
    expect(wrong).toEqual([])
    const writes = adminOps.filter(({ op }) => op['x-privilege'] === 'authManage:edit').length
    expect(writes).toBeGreaterThanOrEqual(11)
    expect(refusals).toBe(writes)
    // The administrator is as before: enabled, signs in with the same password.
    expect(await t.login('admin')).toBeTruthy()
  }, 120_000)
})

// ---------------------------------------------------------------------------------------------------
// Delegation: the operations that take `onBehalfOf` (found in the OpenAPI document), tried by a delegate
// acting for each demo user (answered exactly as that user is answered: the same events offered, the same
// refusals) and for a delegator whose account is now disabled (never allowed).

/** What an event probe answered: allowed (it failed only its payload check, so nothing was written), or why not. */
function probeAnswer(res: { status: number; code: number; msg: string; data: any }): string {
  if (res.code === 400 && res.data?.fieldErrors?.type) return `notEnabled: ${res.data.fieldErrors.type}`
  if (res.code === 400) return 'allowed'
  return `${res.code}: ${res.msg}`
}

describe('privilege matrix: a delegate acting for each demo user, and for a disabled delegator', () => {
  let f: Flow
  const gone = 'gone-delegator'
  const standIn = 'stand-in'
  let uid: Record<string, string>
  let fixtures: ProcessView[]

  beforeAll(async () => {
    f = await openFlow()
    const { t } = f
    const roles = await t.call('GET', '/api/auth/roles?pageSize=100', { token: f.tokens.admin })
    const roleId = (key: string) => roles.data.list.find((r: any) => r.key === key).id
    for (const [username, role] of [
      [gone, 'administrator'],
      [standIn, 'viewer'],
    ]) {
      const res = await t.call('POST', '/api/auth/users', {
        token: f.tokens.admin,
        body: { username, displayName: username, password: TEST_PASSWORD, roleIds: [roleId(role)] },
      })
      expect(res.code, res.msg).toBe(0)
      f.tokens[username] = await t.login(username)
    }
    // The flow signs in the usual roles' users; every demo user delegates here (the second payer too).
    for (const username of USERNAMES) f.tokens[username] ??= await t.login(username)
    const list = await t.call('GET', '/api/auth/users?pageSize=100', { token: f.tokens.admin })
    uid = Object.fromEntries(list.data.list.map((u: any) => [u.username, u.id]))
    const today = dayIn(new Date(), t.deps.config.timeZone)
    for (const from of [...USERNAMES, gone]) {
      const res = await t.call('POST', '/api/tasks/delegations', {
        token: f.tokens[from],
        body: { toUserId: uid[standIn], startsOn: today, endsOn: today },
      })
      expect(res.code, `${from}: ${JSON.stringify(res.data)}`).toBe(0)
    }
    const off = await t.call('POST', `/api/auth/users/${uid[gone]}/disable`, { token: f.tokens.admin })
    expect(off.code, off.msg).toBe(0)
    fixtures = await delegationFixtures(f)
  }, 120_000)
  afterAll(() => f?.close())

  it('finds onBehalfOf in the requests of only the operations this block tries', async () => {
    const doc = (await (await f.t.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, Operation>>
    }
    const taking = Object.values(doc.paths)
      .flatMap((item) => Object.values(item))
      .filter((op) => JSON.stringify([op.parameters, op.requestBody]).includes('"onBehalfOf"'))
      .map((op) => op.operationId)
    expect(taking.sort()).toEqual(['getProcessById', 'postProcessByIdEvents'])
  })

  it('answers the delegate for an enabled delegator exactly as the delegator, and never for a disabled one', async () => {
    const { t } = f
    const wrong: string[] = []
    const seen = new Set<string>()
    let cells = 0
    for (const p of fixtures) {
      const events = eventTypes(machineCatalog.latest(p.type))
      const url = `/api/process/${p.id}`
      for (const from of [...USERNAMES, gone]) {
        // The view (getProcessById): the same events offered.
        const own = from === gone ? undefined : await t.call('GET', url, { token: f.tokens[from] })
        const asDelegate = await t.call('GET', `${url}?onBehalfOf=${uid[from]}`, { token: f.tokens[standIn] })
        cells += 1
        if (own && asDelegate.code === 0 && own.code === 0) {
          if (JSON.stringify(asDelegate.data.nextEvents) !== JSON.stringify(own.data.nextEvents))
            wrong.push(
              `view ${p.type} ${p.state} for ${from}: ${asDelegate.data.nextEvents} ≠ ${own.data.nextEvents}`,
            )
        } else if (own || asDelegate.code !== 4031)
          wrong.push(`view ${p.type} ${p.state} for ${from}: ${asDelegate.code} ${asDelegate.msg}`)
        // Each event (postProcessByIdEvents), with a payload no schema takes: nothing is ever written.
        for (const type of events) {
          const body = { type, expectedVersion: p.version, payload: { notAField: true } }
          const send = (token: string, extra = {}) =>
            t.call('POST', `${url}/events`, { token, body: { ...body, ...extra } })
          const delegated = probeAnswer(await send(f.tokens[standIn], { onBehalfOf: uid[from] }))
          const expected =
            from === gone
              ? `4031: ${formatMessage('delegatorDisabled', 'en', { name: gone })}`
              : probeAnswer(await send(f.tokens[from]))
          cells += 1
          seen.add(expected.split(':')[0])
          if (delegated !== expected)
            wrong.push(`${type} in ${p.type} ${p.state} for ${from}: ${delegated}, expected ${expected}`)
        }
      }
      const now = await t.call('GET', url, { token: f.tokens.admin })
      expect(now.data.version, `${p.type} ${p.state}: a probe wrote`).toBe(p.version)
    }
    expect(wrong).toEqual([])
    // Each kind of answer occurs: allowed, refused (4031), not possible in that state.
    expect([...seen].sort()).toEqual(['4031', 'allowed', 'notEnabled'])
    console.info(`delegation matrix: ${fixtures.length} processes, ${cells} cells`)
  }, 300_000)
})

/**
 * Processes standing where each kind of event may be sent: a form to fill, a submission to decide, a
 * payment to confirm, a failed payment, transport to depart and to arrive, a terminated process.
 */
async function delegationFixtures(f: Flow): Promise<ProcessView[]> {
  const purchase = () => f.start('registrar', 'BUY_ART', { artworks: [{ titleZh: '测试', titleEn: 'Test' }] })
  const draft = await purchase()
  const submitted = await f.send('registrar', await purchase(), 'SUBMIT', { payload: dueDiligence() })
  let money = await f.pass(await f.pass(await purchase(), dueDiligence()), contract())
  money = await f.pass(money, payment())
  const awaiting = money
  const failed = await f.send(
    'finance',
    await f.pass(await f.pass(await f.pass(await purchase(), dueDiligence()), contract()), payment()),
    'PAYMENT_FAILED',
    { comment: 'Bounced' },
  )
  const terminated = await f.send('registrar', await purchase(), 'TERMINATE', { comment: 'Not needed' })
  const moves: ProcessView[] = []
  for (const depart of [false, true]) {
    const artworks = await f.artworks(1)
    const s = f.samples('OPERATION_TRANS_ART', artworks)
    let p = await f.start('operations', 'OPERATION_TRANS_ART', { artworkIds: artworks })
    p = await f.pass(p, s.transportInfo[0], 'operations')
    if (depart) p = await f.send('operations', p, 'DEPART')
    moves.push(p)
  }
  const all = [draft, submitted, awaiting, failed, terminated, ...moves]
  expect(all.map((p) => p.state)).toEqual([
    'dueDiligence.draft',
    'dueDiligence.submitted',
    'payment.awaitingPayment',
    'payment.paymentFailed',
    'terminated',
    'transport.toBeTransported',
    'transport.transporting',
  ])
  return all
}
