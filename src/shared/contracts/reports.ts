// The printed reports (/api/reports, issue 17): PDFs in the request's language, each from its screen. Paths are
// built here so the server's routes, the screens' buttons and the tests agree. A condition report is one
// hand-over of one artwork: its `key` in the artwork's condition reports (process and history row).
import { z } from 'zod'

const enc = encodeURIComponent

export const REPORTS_API = {
  tearSheet: (artworkId: string) => `/api/reports/artworks/${enc(artworkId)}/tear-sheet.pdf`,
  conditionReport: (artworkId: string, reportKey: string) =>
    `/api/reports/artworks/${enc(artworkId)}/condition-report.pdf?report=${enc(reportKey)}`,
  insuranceSchedule: (policyId: string) => `/api/reports/insurance/policies/${enc(policyId)}/schedule.pdf`,
  stocktake: (processId: string) => `/api/reports/stocktakes/${enc(processId)}/report.pdf`,
  collectionSummary: '/api/reports/collection-summary.pdf',
} as const

/** A condition report's key: `<process id>:<history seq>`. */
export const conditionReportQuery = z.object({
  report: z
    .string({ message: 'required' })
    .trim()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:\d{1,9}$/i, {
      message: 'invalidValue',
    }),
})
