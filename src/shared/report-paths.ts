// Where the printed reports are downloaded from (/api/reports), built in one place for the server's
// tests, the screens' buttons and the API contract (contracts/reports.ts). No zod here: the screens that show
// a download button should not pull the validation library into their first download.
const enc = encodeURIComponent

export const REPORTS_API = {
  tearSheet: (artworkId: string) => `/api/reports/artworks/${enc(artworkId)}/tear-sheet.pdf`,
  conditionReport: (artworkId: string, reportKey: string) =>
    `/api/reports/artworks/${enc(artworkId)}/condition-report.pdf?report=${enc(reportKey)}`,
  insuranceSchedule: (policyId: string) => `/api/reports/insurance/policies/${enc(policyId)}/schedule.pdf`,
  stocktake: (processId: string) => `/api/reports/stocktakes/${enc(processId)}/report.pdf`,
  collectionSummary: '/api/reports/collection-summary.pdf',
  /** A room's emergency grab sheet (served by the warehouse module). */
  grabSheet: (roomId: string) => `/api/warehouse/rooms/${enc(roomId)}/emergency.pdf`,
  /** The Spectrum 5.1 compliance map (served by the compliance module). */
  complianceMap: '/api/compliance/spectrum.pdf',
} as const
