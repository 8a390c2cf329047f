// An artwork's condition reports, assembled from what its processes recorded — no table of their own: the
// history rows of DEPART, ARRIVE and RETURN (their payloads), TERMINATE in transit (where the artworks are
// now), and the submitted reports of the steps that hand an artwork back (warehousing, delivery after
// mounting or repair) with their approval, and the approved findings of condition checks (grade, next due). Places come from the transport, loan and work steps' data.
import { and, asc, count, eq, inArray } from 'drizzle-orm'
import { definitionOf } from '../../../../../machines/registry'
import type { StepRecord } from '../../../../../machines/types'
import type {
  ConditionPhoto,
  ConditionReport,
  ConditionReportList,
  HandoverKind,
} from '../../../../shared/contracts/condition'
import type { Lang } from '../../../../shared/errors'
import {
  CONDITION_GRADES,
  type ConditionGrade,
  conditionFindingsStep,
  gradeIsOk,
  isTransportData,
  warehousingBatchShape,
  warehousingStep,
  workDeliveryStep,
} from '../../../../shared/process-steps'
import { payloadFiles } from '../../../../shared/process-steps/files'
import type { ProcessType } from '../../../../shared/process-types'
import type { DbOrTx } from '../../../db/client'
import { artworks, files, processArtworks, processes, processHistory, rooms, users } from '../../../db/schema'
import { notFound } from '../../../http/app-error'
import { nameIn } from '../reference-lookup'

type Payload = Record<string, unknown>
const EVENTS = ['DEPART', 'ARRIVE', 'RETURN', 'SUBMIT', 'APPROVE', 'REJECT', 'TERMINATE'] as const

const str = (v: unknown) => (typeof v === 'string' ? v : '')
const stepOf = (state: string | null) => (state ?? '').split('.')[0]

/** The hand-over a step's submitted report records, when the step's form is a condition report. */
function stepKind(type: ProcessType, version: number, step: string): HandoverKind | null {
  const schema = definitionOf(type, version)?.payloads[step]
  if (schema === warehousingStep || schema === warehousingBatchShape) return 'warehousing'
  if (schema === workDeliveryStep) return type === 'OPERATION_REPAIR_ART' ? 'repairDone' : 'mountingDone'
  if (schema === conditionFindingsStep) return 'conditionCheck'
  return null
}

/** Data of the step itself when it has `key`, else of the latest step that does (the transport's form). */
function dataWith(
  steps: Record<string, StepRecord>,
  own: string,
  holds: (data: Payload) => boolean,
): Payload | undefined {
  if (steps[own]?.data && holds(steps[own].data)) return steps[own].data
  return Object.values(steps)
    .filter((s) => s.data && holds(s.data))
    .sort((a, b) => str(b.submittedAt).localeCompare(str(a.submittedAt)))[0]?.data
}

const gradeOf = (v: unknown): ConditionGrade | null => CONDITION_GRADES.find((g) => g === v) ?? null

/** A condition check's findings as a report: its grade (good and fair read as expected), notes, next due. */
function findingsOf(payload: Payload) {
  const grade = gradeOf(payload.grade)
  return {
    kind: 'conditionCheck' as const,
    conditionOk: grade ? gradeIsOk(grade) : null,
    grade,
    note: str(payload.notes),
    on: str(payload.checkedOn) || null,
    nextDueOn: str(payload.nextDueOn) || null,
    receivedBy: '',
    from: { text: str(payload.checkedBy) },
    to: { text: '' },
  }
}

interface Draft extends Omit<ConditionReport, 'photos' | 'from' | 'to'> {
  seq: number
  photoIds: string[]
  from: { roomId?: string; text: string }
  to: { roomId?: string; text: string }
}

export async function conditionReports(
  db: DbOrTx,
  artworkId: string,
  lang: Lang,
): Promise<ConditionReportList> {
  const [artwork] = await db.select({ id: artworks.id }).from(artworks).where(eq(artworks.id, artworkId))
  if (!artwork) throw notFound()
  const procs = await db
    .select({
      id: processes.id,
      type: processes.type,
      version: processes.definitionVersion,
      snapshot: processes.snapshot,
    })
    .from(processArtworks)
    .innerJoin(processes, eq(processes.id, processArtworks.processId))
    .where(eq(processArtworks.artworkId, artworkId))
  if (procs.length === 0) return { artworkId, items: [] }
  const ids = procs.map((p) => p.id)
  const [history, sizes] = await Promise.all([
    db
      .select({
        processId: processHistory.processId,
        seq: processHistory.seq,
        eventType: processHistory.eventType,
        fromState: processHistory.fromState,
        toState: processHistory.toState,
        at: processHistory.at,
        payload: processHistory.payload,
        byName: users.displayName,
      })
      .from(processHistory)
      .innerJoin(users, eq(users.id, processHistory.byUserId))
      .where(and(inArray(processHistory.processId, ids), inArray(processHistory.eventType, [...EVENTS])))
      .orderBy(asc(processHistory.processId), asc(processHistory.seq)),
    db
      .select({ processId: processArtworks.processId, n: count() })
      .from(processArtworks)
      .where(inArray(processArtworks.processId, ids))
      .groupBy(processArtworks.processId),
  ])
  const sizeOf = new Map(sizes.map((s) => [s.processId, Number(s.n)]))
  const byProcess = new Map<string, typeof history>()
  for (const h of history) byProcess.set(h.processId, [...(byProcess.get(h.processId) ?? []), h])

  const drafts: Draft[] = []
  for (const p of procs) {
    const rows = byProcess.get(p.id) ?? []
    const steps = ((p.snapshot as { context?: { steps?: Record<string, StepRecord> } }).context?.steps ??
      {}) as Record<string, StepRecord>
    const base = {
      processId: p.id,
      processType: p.type,
      processVersion: p.version,
      otherArtworks: Math.max(0, (sizeOf.get(p.id) ?? 1) - 1),
      receivedBy: '',
      standing: 'recorded' as const,
      approvedBy: null,
      grade: null,
      nextDueOn: null,
    }
    for (const [i, h] of rows.entries()) {
      const payload = (h.payload ?? {}) as Payload
      const step = stepOf(h.fromState)
      const common = {
        ...base,
        key: `${p.id}:${h.seq}`,
        seq: h.seq,
        at: h.at.toISOString(),
        byName: h.byName,
        photoIds: payloadFiles(payload),
      }
      const transport = () => {
        const d = dataWith(steps, step, isTransportData) ?? {}
        return {
          from: { roomId: str(d.fromRoomId) || undefined, text: str(d.fromLocation) },
          to: { roomId: str(d.toRoomId) || undefined, text: str(d.toLocation) },
        }
      }
      const condition = {
        conditionOk: typeof payload.conditionOk === 'boolean' ? payload.conditionOk : null,
        note: str(payload.conditionNote),
      }
      if (h.eventType === 'DEPART' || h.eventType === 'ARRIVE') {
        const departing = h.eventType === 'DEPART'
        drafts.push({
          ...common,
          ...condition,
          ...transport(),
          kind: departing ? 'departure' : 'arrival',
          on: str(departing ? payload.departedOn : payload.arrivedOn) || null,
        })
      } else if (h.eventType === 'RETURN') {
        const loan = dataWith(steps, step, (d) => 'venue' in d) ?? {}
        drafts.push({
          ...common,
          ...condition,
          kind: 'loanReturn',
          on: str(payload.returnedOn) || null,
          from: { text: [str(loan.exhibitionName), str(loan.venue)].filter(Boolean).join(', ') },
          to: { roomId: str(payload.roomId) || undefined, text: '' },
        })
      } else if (h.eventType === 'TERMINATE' && h.payload && h.fromState?.endsWith('.transporting')) {
        drafts.push({
          ...common,
          ...condition,
          kind: 'abortedInTransit',
          on: null,
          from: transport().from,
          to: { roomId: str(payload.roomId) || undefined, text: str(payload.location) },
        })
      } else if (h.eventType === 'SUBMIT') {
        const kind = stepKind(p.type, p.version, step)
        if (!kind) continue
        // What became of this submission: the next approval, rejection or termination of the process.
        const outcome = rows.slice(i + 1).find(
          (r) =>
            r.eventType === 'REJECT' ||
            r.eventType === 'TERMINATE' ||
            // a first of two approvals stays in `submitted`
            (r.eventType === 'APPROVE' && r.toState !== `${step}.submitted`),
        )
        if (outcome && outcome.eventType !== 'APPROVE') continue
        const approval = {
          standing: outcome ? ('approved' as const) : ('awaitingApproval' as const),
          approvedBy: outcome ? { name: outcome.byName, at: outcome.at.toISOString() } : null,
        }
        if (kind === 'conditionCheck') {
          drafts.push({ ...common, ...approval, ...findingsOf(payload) })
          continue
        }
        const work = kind === 'warehousing' ? {} : (dataWith(steps, step, (d) => 'vendor' in d) ?? {})
        // A batch's warehousing (BUY_ART_TRANS v2) has one row per artwork: this artwork's row.
        const own = Array.isArray(payload.artworks)
          ? ((payload.artworks as Payload[]).find((r) => r?.artworkId === artworkId) ?? {})
          : payload
        drafts.push({
          ...common,
          kind,
          conditionOk: typeof own.conditionOk === 'boolean' ? own.conditionOk : null,
          note: str(kind === 'warehousing' ? own.conditionNote : payload.report),
          on: str(kind === 'warehousing' ? payload.warehousedOn : payload.completedOn) || null,
          receivedBy: str(payload.receivedBy),
          ...approval,
          from: { text: str(work.vendor) },
          to: { roomId: str(own.roomId) || undefined, text: '' },
        })
      }
    }
  }

  const fileIds = [...new Set(drafts.flatMap((d) => d.photoIds))]
  const roomIds = [
    ...new Set(drafts.flatMap((d) => [d.from.roomId, d.to.roomId]).filter((r): r is string => !!r)),
  ]
  const [fileRows, roomRows] = await Promise.all([
    fileIds.length ? db.select().from(files).where(inArray(files.id, fileIds)) : [],
    roomIds.length ? db.select().from(rooms).where(inArray(rooms.id, roomIds)) : [],
  ])
  const photoOf = new Map<string, ConditionPhoto>(
    fileRows.map((f) => [
      f.id,
      {
        fileId: f.id,
        name: f.originalName,
        mime: f.mime,
        size: f.size,
        width: f.width,
        height: f.height,
        hasThumbnail: f.thumbnailKey !== null,
      },
    ]),
  )
  const roomName = new Map(roomRows.map((r) => [r.id, nameIn(r, lang)]))
  const place = (p: { roomId?: string; text: string }) => (p.roomId && roomName.get(p.roomId)) || p.text

  // Newest first; reports of one instant in one process by the order they were recorded in, reversed.
  drafts.sort((a, b) => b.at.localeCompare(a.at) || a.processId.localeCompare(b.processId) || b.seq - a.seq)
  const items: ConditionReport[] = drafts.map(({ photoIds, from, to, seq: _, ...d }) => ({
    ...d,
    from: place(from),
    to: place(to),
    photos: photoIds.map((id) => photoOf.get(id)).filter((f): f is ConditionPhoto => f !== undefined),
  }))
  return { artworkId, items }
}
