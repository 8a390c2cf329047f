// The embedded database lives inside the server's process, so no other process may open its folder while
// the server runs. A server on PGlite therefore listens on a Unix socket in DATA_DIR/run (a folder only the
// server's own user may enter: the file system's permissions are the authentication, the same that guard
// the data folder itself) and answers the backup command there with a consistent copy of the database,
// PGlite's `dumpDataDir` taken while no query runs. It also writes its process id beside the socket, so that
// a backup or restore can tell a running server that does not answer from a folder no server uses.
import { createWriteStream } from 'node:fs'
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Database } from '../db/client'
import { blobChunks } from './archive'
import { BackupError, MIGRATIONS_QUERY, type SchemaLevel, schemaLevelOf, schemaLevelSchema } from './manifest'

export const runDir = (dataDir: string) => path.join(dataDir, 'run')
export const socketPath = (dataDir: string) => path.join(runDir(dataDir), 'admin.sock')
const pidPath = (dataDir: string) => path.join(runDir(dataDir), 'server.pid')

const SCHEMA_HEADER = 'x-vitrine-schema'
/** sockaddr_un holds 108 bytes with the final NUL on Linux (104 on macOS). */
const SOCKET_PATH_MAX = 103

export interface AdminSocket {
  close: () => Promise<void>
}

/** Serves `GET /db` (the database's tarball) and `GET /health` on DATA_DIR/run/admin.sock. */
export async function startAdminSocket(dataDir: string, database: Database): Promise<AdminSocket> {
  const dump = database.dumpDataDir
  if (!dump) throw new Error('the admin socket serves the embedded database only')
  const dir = runDir(dataDir)
  await mkdir(dir, { recursive: true, mode: 0o700 })
  await chmod(dir, 0o700)
  const sock = socketPath(dataDir)
  await refuseSecondServer(dataDir)
  await writeFile(pidPath(dataDir), `${process.pid}\n`, { mode: 0o600 })
  const stop = async () => {
    await rm(pidPath(dataDir), { force: true })
  }
  if (Buffer.byteLength(sock) > SOCKET_PATH_MAX) {
    // The system cannot name a socket this deep: the server runs, and a backup says why it cannot ask it.
    console.warn(
      `${sock} is longer than a Unix socket's path may be: npm run backup cannot copy the running database`,
    )
    return { close: stop }
  }
  await rm(sock, { force: true }) // left by a server that was killed
  const server = http.createServer((req, res) => {
    answer(req, res, database, dump).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
      res.end(error instanceof Error ? error.message : String(error))
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(sock, () => resolve())
  })
  await chmod(sock, 0o600)
  return {
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await stop()
    },
  }
}

async function answer(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  database: Database,
  dump: () => Promise<Blob>,
): Promise<void> {
  if (req.method === 'GET' && req.url === '/health') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
    return
  }
  if (req.method !== 'GET' || req.url !== '/db') {
    res.writeHead(404).end()
    return
  }
  // Migrations run only at boot: the level read now is the level of the copy taken next.
  const level = schemaLevelOf((await database.raw(MIGRATIONS_QUERY)) as Array<{ created_at: string }>)
  const tarball = await dump()
  res.writeHead(200, {
    'content-type': 'application/x-tar',
    'content-length': String(tarball.size),
    [SCHEMA_HEADER]: JSON.stringify(level),
  })
  await pipeline(Readable.from(blobChunks(tarball)), res)
}

/** Stops a start on a folder another server's socket answers on: two servers would destroy the database. */
export async function refuseSecondServer(dataDir: string): Promise<void> {
  const health = await askServer(dataDir, '/health')
  if (health === undefined) return
  health.resume()
  throw new Error(`another Vitrine server already runs on ${dataDir} (its admin socket answers)`)
}

/**
 * Asks the server on `dataDir` for `urlPath`: the response, or undefined when no server listens there
 * (no socket, or one left by a server that died).
 */
function askServer(dataDir: string, urlPath: string): Promise<http.IncomingMessage | undefined> {
  if (Buffer.byteLength(socketPath(dataDir)) > SOCKET_PATH_MAX) return Promise.resolve(undefined)
  return new Promise((resolve, reject) => {
    const req = http.get({ socketPath: socketPath(dataDir), path: urlPath }, resolve)
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined)
      else reject(error)
    })
  })
}

/** The process id a server on `dataDir` wrote, when that process still lives. */
async function livingServerPid(dataDir: string): Promise<number | undefined> {
  const text = await readFile(pidPath(dataDir), 'utf8').catch(() => '')
  const pid = Number(text.trim())
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined
  try {
    process.kill(pid, 0)
    return pid
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined
  }
}

/** Whether a server runs on `dataDir`; refuses when one seems to run but does not answer. */
export async function serverRunsOn(dataDir: string): Promise<boolean> {
  const health = await askServer(dataDir, '/health')
  if (health) {
    health.resume()
    return true
  }
  const pid = await livingServerPid(dataDir)
  if (pid !== undefined && Buffer.byteLength(socketPath(dataDir)) > SOCKET_PATH_MAX)
    throw new BackupError(
      `a Vitrine server (process ${pid}) runs on ${dataDir}, whose path is too long for its admin socket: stop the server to back up from the folder, or give DATA_DIR a shorter path`,
    )
  if (pid !== undefined)
    throw new BackupError(
      `a Vitrine server (process ${pid}) seems to run on ${dataDir} but does not answer on ${socketPath(dataDir)}; stop it (or, if no server runs, remove ${pidPath(dataDir)})`,
    )
  return false
}

/** The running server's consistent copy of its database, written to `target`; its schema level. */
export async function dumpFromServer(dataDir: string, target: string): Promise<SchemaLevel> {
  const res = await askServer(dataDir, '/db')
  if (!res) throw new BackupError(`no Vitrine server answers on ${socketPath(dataDir)}`)
  if (res.statusCode !== 200) {
    const chunks: Buffer[] = []
    for await (const chunk of res as AsyncIterable<Buffer>) chunks.push(chunk)
    throw new BackupError(`the server could not copy its database: ${Buffer.concat(chunks).toString('utf8')}`)
  }
  const level = schemaLevelSchema.parse(JSON.parse(String(res.headers[SCHEMA_HEADER])))
  await pipeline(res, createWriteStream(target, { flags: 'wx', mode: 0o600 }))
  return level
}
