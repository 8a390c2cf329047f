// The full export as a background job of the web: one at a time per installation, its progress written to its
// row as it goes (the screen polls it), the archive streamed into the storage beside the stored files (never
// listed among them, so an export never carries another), and its end written to the system log.
import { randomBytes, randomUUID } from 'node:crypto'
import { PassThrough } from 'node:stream'
import { and, desc, eq, lt } from 'drizzle-orm'
import pkg from '../../../../package.json' with { type: 'json' }
import type { ExportJobView } from '../../../shared/contracts/exports'
import { formatMessage, type Lang, type MessageKey } from '../../../shared/errors'
import { exportJobs, users } from '../../db/schema'
import { AppError, notFound } from '../../http/app-error'
import type { AuthUser, Deps } from '../../http/context'
import { writeExport } from './export'

type JobRow = typeof exportJobs.$inferSelect

/** A running job untouched this long belongs to a server that stopped: shown as failed. */
const STALE_MS = 10 * 60_000
/** Progress is written at most this often. */
const PROGRESS_MS = 1000

const running = new Set<Promise<void>>()
/** Resolves when every export this server started has ended (shutdown, tests). */
export async function exportsSettled(): Promise<void> {
  await Promise.all([...running])
}

const isStale = (job: JobRow) => job.status === 'running' && Date.now() - job.updatedAt.getTime() > STALE_MS

export function exportJobView(
  job: JobRow,
  createdBy: string,
  lang: Lang,
  downloadUrl: string | null,
): ExportJobView {
  const stale = isStale(job)
  const status = stale ? 'failed' : job.status
  const failure = stale ? 'exportFailed' : (job.failure as MessageKey | null)
  return {
    id: job.id,
    status,
    done: job.done,
    total: job.total,
    percent:
      status === 'done' ? 100 : job.total > 0 ? Math.min(99, Math.floor((job.done * 100) / job.total)) : 0,
    bytes: job.bytes,
    createdBy,
    failure: failure ? formatMessage(failure, lang) : null,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
    downloadUrl: status === 'done' ? downloadUrl : null,
  }
}

/** The latest jobs with the names of who asked. */
export async function recentJobs(deps: Deps, limit = 10) {
  return deps.database.db
    .select({ job: exportJobs, by: users.displayName })
    .from(exportJobs)
    .innerJoin(users, eq(users.id, exportJobs.createdBy))
    .orderBy(desc(exportJobs.createdAt))
    .limit(limit)
}

export async function loadExportJob(deps: Deps, id: string) {
  const [row] = await deps.database.db
    .select({ job: exportJobs, by: users.displayName })
    .from(exportJobs)
    .innerJoin(users, eq(users.id, exportJobs.createdBy))
    .where(eq(exportJobs.id, id))
  if (!row) throw notFound()
  return row
}

function logEnd(deps: Deps, user: AuthUser, job: JobRow, started: number, failure: string | null) {
  deps.logWriter.add({
    logId: randomUUID(),
    moduleName: 'exports',
    createBy: user.username,
    createByUserId: user.id,
    accessTime: new Date(),
    requestUri: `/api/exports/full/${job.id}`,
    operationType: 'EXPORT',
    clientIpAddr: null,
    browserUserAgent: null,
    httpMethod: 'POST',
    execTime: Date.now() - started,
    success: failure === null,
    responseCode: failure === null ? 0 : 500,
    exception: failure,
  })
}

async function run(deps: Deps, user: AuthUser, job: JobRow) {
  const db = deps.database.db
  const started = Date.now()
  const key = `export-${randomBytes(16).toString('hex')}`
  let lastWrite = 0
  const set = (values: Partial<typeof exportJobs.$inferInsert>) =>
    db
      .update(exportJobs)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(exportJobs.id, job.id))
  /** Progress only moves forward, and only while the job runs (writes may arrive out of order). */
  const advance = (done: number, total: number) =>
    db
      .update(exportJobs)
      .set({ done, total, updatedAt: new Date() })
      .where(and(eq(exportJobs.id, job.id), eq(exportJobs.status, 'running'), lt(exportJobs.done, done)))
  const body = new PassThrough()
  const stored = deps.storage.write(key, body)
  stored.catch((error: unknown) => body.destroy(error instanceof Error ? error : new Error(String(error))))
  try {
    const manifest = await writeExport({
      database: deps.database,
      storage: deps.storage,
      out: body,
      appVersion: pkg.version,
      onProgress: async ({ done, total }) => {
        if (Date.now() - lastWrite < PROGRESS_MS && done < total) return
        lastWrite = Date.now()
        await advance(done, total)
      },
    })
    await stored
    const total =
      manifest.tables.reduce((n, t) => n + t.rows, 0) + manifest.files + manifest.missingFiles.length
    const bytes = await deps.storage.size(key)
    await set({ status: 'done', done: total, total, storageKey: key, bytes, finishedAt: new Date() })
    logEnd(deps, user, job, started, null)
  } catch (error) {
    console.error('full export failed', error)
    body.destroy()
    await stored.catch(() => undefined)
    await deps.storage.remove(key).catch(() => undefined)
    await set({ status: 'failed', failure: 'exportFailed', finishedAt: new Date() }).catch(() => undefined)
    logEnd(deps, user, job, started, error instanceof Error ? error.message : String(error))
  }
}

/** Starts a full export in the background; refused while another is running. */
export async function startExport(deps: Deps, user: AuthUser): Promise<JobRow> {
  const db = deps.database.db
  const [busy] = await db.select().from(exportJobs).where(eq(exportJobs.status, 'running'))
  if (busy && !isStale(busy)) throw new AppError(409, 'exportJobBusy')
  const [job] = await db.insert(exportJobs).values({ createdBy: user.id }).returning()
  const work = run(deps, user, job)
  running.add(work)
  void work.finally(() => running.delete(work))
  return job
}
