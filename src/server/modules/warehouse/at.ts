// "At" a moment, as the ledger reads it: absent is now; an ISO date-time is that instant; a date (yyyy-MM-dd)
// is the end of that day in the office's time zone (VITRINE_TIME_ZONE) — the last instant before the next
// midnight there, or now for today. A moment after now is refused: the ledger records, it does not plan.
import { dayIn } from '../../../shared/working-days'
import { AppError } from '../../http/app-error'

export interface Moment {
  /** The bound handed to SQL (microseconds: the end of a day is one microsecond before midnight). */
  sql: string
  /** The instant answered, ISO 8601 UTC (milliseconds). */
  iso: string
}

/** A formatter costs far more to build than to use: one per zone, kept. */
const clockFormats = new Map<string, Intl.DateTimeFormat>()
function clockIn(timeZone: string): Intl.DateTimeFormat {
  let format = clockFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    clockFormats.set(timeZone, format)
  }
  return format
}

/** The zone's offset from UTC (minutes) at an instant. */
function offsetAt(at: Date, timeZone: string): number {
  const parts = clockIn(timeZone).formatToParts(at)
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000)
}

/** The instant a calendar date begins in a time zone. */
export function dayStartIn(date: string, timeZone: string): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`)
  // Two passes: the offset at the guess, then at the corrected instant (a change of offset that day).
  let at = utcMidnight - offsetAt(new Date(utcMidnight), timeZone) * 60_000
  at = utcMidnight - offsetAt(new Date(at), timeZone) * 60_000
  return new Date(at)
}

function nextDate(date: string): string {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}

const future = () => new AppError(400, 'dateInFuture', undefined, { fieldErrors: { at: 'dateInFuture' } })

export function momentOf(at: string | undefined, timeZone: string, now = new Date()): Moment {
  const nowMoment = { sql: now.toISOString(), iso: now.toISOString() }
  if (!at) return nowMoment
  if (at.length === 10) {
    const today = dayIn(now, timeZone)
    if (at > today) throw future()
    if (at === today) return nowMoment
    const end = dayStartIn(nextDate(at), timeZone)
    const micros = BigInt(end.getTime()) * 1000n - 1n
    const seconds = micros / 1_000_000n
    const fraction = (micros % 1_000_000n).toString().padStart(6, '0')
    const base = new Date(Number(seconds) * 1000).toISOString().slice(0, 19)
    return { sql: `${base}.${fraction}Z`, iso: new Date(end.getTime() - 1).toISOString() }
  }
  const instant = new Date(at)
  if (instant.getTime() > now.getTime()) throw future()
  return { sql: instant.toISOString(), iso: instant.toISOString() }
}
