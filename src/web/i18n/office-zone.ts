// The office's time zone as the web knows it: the server's (GET /api/auth/me, kept here whenever that reply
// arrives; the signed-in screens render only after it has), Asia/Shanghai until then. The dates people pick
// are the office's days and the times shown its clock, whatever the browser's own zone
// (src/shared/office-time.ts).
import { DEFAULT_OFFICE_ZONE, todayIn } from '../../shared/office-time'

let zone = DEFAULT_OFFICE_ZONE

export function setOfficeZone(next: string): void {
  zone = next
}

export function officeZone(): string {
  return zone
}

/** The office's today (yyyy-MM-dd) at the page's clock: the latest day a "not in the future" picker offers. */
export function officeToday(now: Date = new Date()): string {
  return todayIn(zone, now)
}
