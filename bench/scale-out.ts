// Scale-out benchmark (part of `npm run bench -- platform`): the storage behind the file API — the disk folder
// beside an S3-compatible store (a local s3rver on the loopback, as in the tests) — written and read through
// the Storage interface as the upload and download routes do; and, with DATABASE_URL, the time for a
// sign-out on server A to be refused on server B, which held the session in its cache (LISTEN/NOTIFY).
// Target: p95 under 500 ms.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { createApp } from '../src/server/app'
import { boot } from '../src/server/boot'
import { loadConfig } from '../src/server/config'
import { openDatabase } from '../src/server/db/client'
import { DiskStorage, type Storage } from '../src/server/storage'
import { S3Storage } from '../src/server/storage-s3'
import { benchDatabase, fmt, stats } from './lib'
import { S3rver } from './s3rver'

const PASSWORD = 'Bench-password-1'
const MB = 1024 * 1024

/** `size` bytes in 64 KiB chunks, as a multipart body arrives. */
function body(size: number, chunk: Buffer): Readable {
  let left = size
  return Readable.from(
    (function* () {
      while (left > 0) {
        const n = Math.min(left, chunk.length)
        left -= n
        yield n === chunk.length ? chunk : chunk.subarray(0, n)
      }
    })(),
  )
}

async function drain(stream: Readable): Promise<number> {
  let n = 0
  for await (const c of stream) n += (c as Buffer).length
  return n
}

/** Median MB/s over `rounds` writes then reads of a `sizeMb` object. */
async function throughput(storage: Storage, sizeMb: number, rounds: number) {
  const chunk = randomBytes(64 * 1024)
  const up: number[] = []
  const down: number[] = []
  for (let i = 0; i < rounds; i++) {
    const key = randomBytes(16).toString('hex')
    let t0 = performance.now()
    await storage.write(key, body(sizeMb * MB, chunk))
    up.push(sizeMb / ((performance.now() - t0) / 1000))
    t0 = performance.now()
    const n = await drain(storage.read(key))
    down.push(sizeMb / ((performance.now() - t0) / 1000))
    if (n !== sizeMb * MB) throw new Error(`read ${n} bytes of ${sizeMb * MB}`)
    await storage.remove(key)
  }
  return { up: stats(up).p50, down: stats(down).p50 }
}

async function benchStorage(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-bench-s3-'))
  const s3server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(dir, 's3rver'),
    configureBuckets: [{ name: 'vitrine-bench' }],
  })
  const { port } = await s3server.run()
  const s3 = new S3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'vitrine-bench',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
    forcePathStyle: true,
  })
  await s3.check()
  const disk = new DiskStorage(path.join(dir, 'files'))
  console.log('\n## File storage through the Storage interface (median of 3, MB/s)')
  console.log(`${'store'.padEnd(34)} ${'size'.padStart(6)} ${'upload'.padStart(9)} ${'download'.padStart(9)}`)
  try {
    for (const sizeMb of [1, 32]) {
      for (const [label, storage] of [
        ['disk (DATA_DIR/files)', disk],
        ['S3 (s3rver on loopback, multipart)', s3],
      ] as const) {
        const r = await throughput(storage, sizeMb, 3)
        console.log(
          `${label.padEnd(34)} ${`${sizeMb} MB`.padStart(6)} ${r.up.toFixed(1).padStart(9)} ${r.down.toFixed(1).padStart(9)}`,
        )
      }
    }
  } finally {
    await s3.close()
    await s3server.close()
    await rm(dir, { recursive: true, force: true })
  }
}

/** Two servers on one PostgreSQL database: sign out on A, poll B until it refuses the token. */
async function benchRevocation(): Promise<void> {
  if (!process.env.DATABASE_URL) {
    console.log(
      '\n(revocation across servers: needs DATABASE_URL; on the embedded database one process forgets at once)',
    )
    return
  }
  const bdb = await benchDatabase('postgres')
  const url = bdb.database.url as string
  // Server A's close ends the pool that bdb.dispose() ends again: once is enough.
  const end = bdb.database.close
  let ended = false
  bdb.database.close = async () => {
    if (!ended) await end()
    ended = true
  }
  const second = await openDatabase({ url })
  const env = { DATA_DIR: bdb.dataDir, VITRINE_ADMIN_PASSWORD: PASSWORD, VITRINE_DEMO: '0' }
  const a = await boot(loadConfig(env), { database: bdb.database })
  const b = await boot(loadConfig(env), { database: second })
  const appA = createApp(a.deps)
  const appB = createApp(b.deps)
  const me = async (app: typeof appA, token: string) =>
    (
      (await (await app.request('/api/auth/me', { headers: { 'x-auth-token': token } })).json()) as {
        code: number
      }
    ).code
  const samples: number[] = []
  try {
    for (let i = 0; i < 60; i++) {
      const login = await appA.request('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: PASSWORD }),
      })
      const token = ((await login.json()) as { data: { token: string } }).data.token
      if ((await me(appB, token)) !== 0) throw new Error('B does not accept the new token')
      const out = await appA.request('/api/auth/logout', {
        method: 'POST',
        headers: { 'x-auth-token': token },
      })
      await out.text()
      const t0 = performance.now()
      while ((await me(appB, token)) === 0) {
        if (performance.now() - t0 > 6_000) throw new Error('B still accepts the token after 6 s')
      }
      if (i >= 10) samples.push(performance.now() - t0) // the first ten warm up
    }
    console.log(
      '\n## Sign-out on server A refused on server B (PostgreSQL, LISTEN/NOTIFY; B held the session)',
    )
    console.log(
      `${'A answered → B refuses'.padEnd(40)} ${fmt(stats(samples))} (n ${samples.length}, target p95 < 500 ms)`,
    )
  } finally {
    await b.close()
    await a.close()
    await bdb.dispose()
  }
}

export async function benchScaleOut(): Promise<void> {
  await benchStorage()
  await benchRevocation()
}
