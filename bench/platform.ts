// The platform benchmark: GET /api/auth/me and a dictionary call through the full stack (auth, privilege check,
// log write), beside the raw SQL they run. Target: the stack adds under 2 ms at the median. A checked session
// is held SESSION_CACHE_MS (5 s), so a request runs its handler's SQL only; the session statement, run once
// per session every 5 s, is timed on its own line.
import { serve } from '@hono/node-server'
import { createApp } from '../src/server/app'
import { boot } from '../src/server/boot'
import { loadConfig } from '../src/server/config'
import { hashToken } from '../src/server/modules/auth/sessions'
import { benchDatabase, fmt, kinds, time } from './lib'
import { benchScaleOut } from './scale-out'

const PASSWORD = 'Bench-password-1'

export async function benchPlatform(): Promise<void> {
  for (const kind of kinds()) {
    const bdb = await benchDatabase(kind)
    const config = loadConfig({ DATA_DIR: bdb.dataDir, VITRINE_ADMIN_PASSWORD: PASSWORD, VITRINE_DEMO: '0' })
    const booted = await boot(config, { database: bdb.database })
    const app = createApp(booted.deps)
    const server = serve({ fetch: app.fetch, port: 0 })
    await new Promise((r) => server.once('listening', r))
    const port = (server.address() as { port: number }).port
    const login = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    })
    const token = ((await login.json()) as { data: { token: string } }).data.token
    const headers = { 'x-auth-token': token, 'accept-language': 'en', 'x-system-name': 'artworkArchive' }
    const raw = bdb.database.raw
    const tokenHash = hashToken(token)
    const [{ user_id: userId }] = (await raw('select user_id from sessions where token_hash = $1', [
      tokenHash,
    ])) as {
      user_id: string
    }[]

    // The session with its user and privileges (one statement): run when a session is not held.
    const rawSession = async () => {
      await raw(
        `select u.id as user_id, u.username, u.display_name, u.enabled, s.expires_at, s.revoked_at, s.last_seen_at,
                (select bool_or(r.all_privileges) from user_roles ur
                   join roles r on r.id = ur.role_id and r.enabled where ur.user_id = u.id) as all_privileges,
                array(select rp.privilege from user_roles ur join roles r on r.id = ur.role_id and r.enabled
                        join role_privileges rp on rp.role_id = r.id where ur.user_id = u.id
                      union select up.privilege from user_privileges up where up.user_id = u.id) as privileges
           from sessions s join users u on u.id = s.user_id where s.token_hash = $1 limit 1`,
        [tokenHash],
      )
    }
    // What /auth/me runs with the session held: the user's roles.
    const rawMe = () =>
      raw(
        'select r.id, r.key, r.name_zh, r.name_en from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = $1',
        [userId],
      )
    const dictPath = '/api/data_dictionary/get_data_dictionary?dictCode=CURRENCY'
    const dictProbe = await app.request(dictPath, { headers })
    const hasDict = ((await dictProbe.json()) as { code: number }).code === 0

    console.log(`\n## Platform on ${bdb.label}`)
    const rows: [string, () => Promise<unknown>][] = [
      ['raw SQL of the session check (every 5 s)', rawSession],
      ['raw SQL of /auth/me (session held)', rawMe],
      [
        'GET /api/auth/me via app.request',
        async () => (await app.request('/api/auth/me', { headers })).text(),
      ],
      [
        'GET /api/auth/me via HTTP loopback',
        () => fetch(`http://127.0.0.1:${port}/api/auth/me`, { headers }).then((r) => r.text()),
      ],
    ]
    if (hasDict) {
      rows.push(
        ['raw SQL of the dictionary call', () => rawDictionary(raw)],
        ['GET dictionary via app.request', async () => (await app.request(dictPath, { headers })).text()],
        [
          'GET dictionary via HTTP loopback',
          () => fetch(`http://127.0.0.1:${port}${dictPath}`, { headers }).then((r) => r.text()),
        ],
      )
    }
    const results: Record<string, number> = {}
    for (const [label, fn] of rows) {
      const s = await time(fn, 1000, 100)
      results[label] = s.p50
      console.log(`${label.padEnd(40)} ${fmt(s)}`)
    }
    const overheadMe =
      results['GET /api/auth/me via app.request'] - results['raw SQL of /auth/me (session held)']
    console.log(
      `stack overhead over raw SQL at the median (/auth/me): ${overheadMe.toFixed(3)} ms (target < 2 ms)`,
    )
    if (hasDict) {
      const overheadDict =
        results['GET dictionary via app.request'] - results['raw SQL of the dictionary call']
      console.log(
        `stack overhead over raw SQL at the median (dictionary): ${overheadDict.toFixed(3)} ms (target < 2 ms)`,
      )
    }
    server.close()
    await booted.deps.logWriter.close()
    await bdb.dispose()
  }
  // Scale-out: file storage (disk beside S3) and a sign-out reaching a second server.
  await benchScaleOut()
}

async function rawDictionary(raw: (sql: string, params?: unknown[]) => Promise<unknown[]>) {
  await raw(DICTIONARY_SQL, ['CURRENCY'])
}

/** The statement the dictionary endpoint runs (kept in step with modules/reference). */
const DICTIONARY_SQL =
  'select id, parent_id, value, label_zh, label_en, sort from dict_items where dict_code = $1 and enabled = true order by sort, id'
