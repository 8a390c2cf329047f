// The printed reports (/api/reports): PDFs in the request's language, each from its screen. Their
// paths come from ../report-paths.ts (re-exported here). A condition report is one hand-over of one artwork:
// its `key` in the artwork's condition reports (process and history row).
import { z } from 'zod'

export { REPORTS_API } from '../report-paths'

/** A condition report's key: `<process id>:<history seq>`. */
export const conditionReportQuery = z.object({
  report: z
    .string({ message: 'required' })
    .trim()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:\d{1,9}$/i, {
      message: 'invalidValue',
    }),
})
