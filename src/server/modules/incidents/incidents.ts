// Incidents: the one place background work reports a failure (`openIncident`). A failing thing — one email
// server, one outbox row, one reminder, one task's timer, one scheduled job — has at most one open incident
// (unique index on kind and subject while open): its first failure opens it and tells the administrators on
// the bell, a repeat counts an attempt on it. The work's later success resolves it (`resolveIncidents`); an
// administrator may retry it (retry.ts) or resolve it with a note (routes.ts).
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { IncidentKind } from '../../../shared/contracts/incidents'
import type { Lang } from '../../../shared/errors'
import type { DbOrTx } from '../../db/client'
import { incidents } from '../../db/schema'
import { redactSecrets } from '../../http/request-log'
import { bothLanguages, holdersOf, sendMessages } from '../messages/write'

/** Who is told on the bell when an incident opens: the administrators (those who may retry and resolve). */
export const INCIDENT_PRIVILEGE = 'authManage:edit'

export interface IncidentReport {
  kind: IncidentKind
  /** Which thing failed (stable across its attempts): an outbox row, a reminder, `timer:task`, a job's name. */
  subject: string
  /** What failed, in words (both languages). */
  summary: { zh: string; en: string }
  error: unknown
  processId?: string | null
  artworkId?: string | null
  at?: Date
}

/** The error's own words (drizzle wraps the database's with the statement), secrets taken out, cut short. */
export function errorText(error: unknown): string {
  if (typeof error === 'string') return redactSecrets(error).slice(0, 1000)
  const e = error as (Error & { cause?: Error }) | null
  const text = e?.cause?.message ?? e?.message ?? String(error)
  return redactSecrets(text).slice(0, 1000)
}

/** Both languages from one of them, by the reader's language. */
export const pickWords = (words: { zh: string; en: string }, lang: Lang) =>
  lang === 'en' ? words.en : words.zh

/**
 * Record a failure of background work: a new open incident (and a message to every administrator), or one
 * more attempt on the open incident of the same thing. Never throws: it is called from catch blocks, and a
 * database that cannot take the incident either is left to the server's log.
 */
export async function openIncident(
  db: DbOrTx,
  report: IncidentReport,
): Promise<{ id: string; opened: boolean } | undefined> {
  const at = report.at ?? new Date()
  const errorMessage = errorText(report.error)
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(incidents)
        .values({
          kind: report.kind,
          subject: report.subject,
          summaryZh: report.summary.zh,
          summaryEn: report.summary.en,
          errorMessage,
          attempts: 1,
          firstFailedAt: at,
          lastFailedAt: at,
          processId: report.processId ?? null,
          artworkId: report.artworkId ?? null,
        })
        .onConflictDoUpdate({
          target: [incidents.kind, incidents.subject],
          targetWhere: sql`${incidents.status} = 'open'`,
          set: {
            attempts: sql`${incidents.attempts} + 1`,
            lastFailedAt: at,
            errorMessage,
            summaryZh: report.summary.zh,
            summaryEn: report.summary.en,
          },
        })
        // xmax is 0 on a row this statement inserted, set on one it updated.
        .returning({ id: incidents.id, opened: sql<boolean>`(xmax = 0)` })
      const opened = row.opened === true || String(row.opened) === 'true'
      if (opened) await tellAdministrators(tx, report, errorMessage, at)
      return { id: row.id, opened }
    })
  } catch (failure) {
    console.error(
      `incident not recorded (${report.kind} ${report.subject}):`,
      errorMessage,
      errorText(failure),
    )
    return undefined
  }
}

async function tellAdministrators(tx: DbOrTx, report: IncidentReport, error: string, at: Date) {
  await sendMessages(tx, await holdersOf(tx, INCIDENT_PRIVILEGE), {
    kind: 'notice',
    processId: report.processId ?? null,
    senderId: null,
    title: bothLanguages('msgIncidentOpened', (lang) => ({ what: pickWords(report.summary, lang) })),
    body: bothLanguages('msgIncidentBody', () => ({ error })),
    at,
  })
}

/**
 * The work succeeded: resolve the open incidents of these things (no one resolved them: the screen says it
 * succeeded on a later run). How many were resolved.
 */
export async function resolveIncidents(
  db: DbOrTx,
  kind: IncidentKind,
  subjects: readonly string[],
  at = new Date(),
): Promise<number> {
  if (subjects.length === 0) return 0
  const rows = await db
    .update(incidents)
    .set({ status: 'resolved', resolvedAt: at })
    .where(
      and(eq(incidents.kind, kind), eq(incidents.status, 'open'), inArray(incidents.subject, [...subjects])),
    )
    .returning({ id: incidents.id })
  return rows.length
}
