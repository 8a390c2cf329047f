// What a process says about its transport, read from its view's context: the approved transport information
// (from / to, shipper, type, planned dates, packaging, cost) of whichever step carries it — the transport
// information of a transport, the artwork transport of a mounting, repair or loan, the transport of a
// purchase's shipping — and the DEPART and ARRIVE reports (dates, tracking number, condition on arrival).
import type { ProcessView } from '../../../shared/contracts/process'
import { isTransportData } from '../../../shared/process-steps/transport'

type Data = Record<string, unknown>
interface StepRecord {
  data?: Data
  draft?: Data
  events?: { type: string; by: string; at: string; payload?: Data; comment?: string }[]
}

export interface MoveReport {
  at: string
  by: string
  /** The date the report gives (yyyy-MM-dd), else the day of the event. */
  on: string
  trackingNo: string
  remark: string
  conditionOk: boolean | null
  conditionNote: string
  attachments: string[]
  comment: string
}

export interface TransportFacts {
  /** The step whose form holds the transport information (null when the process has none yet). */
  step: string | null
  /** True once the information is approved (a draft is shown as planned, not yet agreed). */
  approved: boolean
  fromLocation: string
  fromRoomId: string | null
  toLocation: string
  toRoomId: string | null
  shipper: string
  transportType: string
  packagingType: string
  payType: string
  plannedDeparture: string
  plannedArrival: string
  cost: string
  currency: string
  courier: string
  remark: string
  departed: MoveReport | null
  arrived: MoveReport | null
}

const str = (v: unknown) => (typeof v === 'string' ? v : '')
const ids = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])

function report(
  e: NonNullable<StepRecord['events']>[number] | undefined,
  dateField: string,
): MoveReport | null {
  if (!e) return null
  const p = e.payload ?? {}
  return {
    at: e.at,
    by: e.by,
    on: str(p[dateField]) || e.at.slice(0, 10),
    trackingNo: str(p.trackingNo),
    remark: str(p.remark),
    conditionOk: typeof p.conditionOk === 'boolean' ? p.conditionOk : null,
    conditionNote: str(p.conditionNote),
    attachments: ids(p.attachments),
    comment: e.comment ?? '',
  }
}

export function transportFacts(view: Pick<ProcessView, 'context'>): TransportFacts {
  const steps = view.context.steps
  const entries = Object.entries(steps)
  const carrying =
    entries.find(([, s]) => isTransportData(s.data)) ?? entries.find(([, s]) => isTransportData(s.draft))
  const info: Data = carrying ? (carrying[1].data ?? carrying[1].draft ?? {}) : {}
  const events = entries.flatMap(([, s]) => s.events ?? [])
  const last = (type: string) => events.filter((e) => e.type === type).at(-1)
  return {
    step: carrying?.[0] ?? null,
    approved: !!carrying?.[1].data,
    fromLocation: str(info.fromLocation),
    fromRoomId: str(info.fromRoomId) || null,
    toLocation: str(info.toLocation),
    toRoomId: str(info.toRoomId) || null,
    shipper: str(info.shipper),
    transportType: str(info.transportType),
    packagingType: str(info.packagingType),
    payType: str(info.payType),
    plannedDeparture: str(info.plannedDeparture),
    plannedArrival: str(info.plannedArrival),
    cost: str(info.cost),
    currency: str(info.currency),
    courier: str(info.courier),
    remark: str(info.remark),
    departed: report(last('DEPART'), 'departedOn'),
    arrived: report(last('ARRIVE'), 'arrivedOn'),
  }
}
