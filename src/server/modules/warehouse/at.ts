// "At" a moment, as the ledger reads it: absent is now; an ISO date-time is that instant; a date (yyyy-MM-dd)
// is the end of that day in the office's time zone (VITRINE_TIME_ZONE) — the last instant before the next
// midnight there, or now for today. A moment after now is refused: the ledger records, it does not plan.
import { dayStartIn, nextDate, todayIn } from '../../../shared/office-time'
import { AppError } from '../../http/app-error'

export interface Moment {
  /** The bound handed to SQL (microseconds: the end of a day is one microsecond before midnight). */
  sql: string
  /** The instant answered, ISO 8601 UTC (milliseconds). */
  iso: string
}

const future = () => new AppError(400, 'dateInFuture', undefined, { fieldErrors: { at: 'dateInFuture' } })

export function momentOf(at: string | undefined, timeZone: string, now = new Date()): Moment {
  const nowMoment = { sql: now.toISOString(), iso: now.toISOString() }
  if (!at) return nowMoment
  if (at.length === 10) {
    const today = todayIn(timeZone, now)
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
