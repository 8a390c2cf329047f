// The compliance map (/api/compliance), behind art-data-center:view (its screen is a tab of the data centre):
// the Spectrum 5.1 procedures with their support and the evidence read now (spectrum.ts), as data and as a
// PDF in the request's language, streamed like the reports (src/server/pdf/report.ts).
import { createRoute } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { spectrumMap as spectrumMapSchema } from '../../../shared/contracts/compliance'
import { access, currentUser } from '../../http/access'
import type { AppEnv, Deps } from '../../http/context'
import { ok, okResponse } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { heavyDownload } from '../../jobs/heavy'
import { officeStamp } from '../../office-day'
import { openReport, pdfResponses, reportResponse } from '../../pdf/report'
import { COMPLIANCE_WORDS, drawComplianceMap } from './pdf'
import { spectrumMap } from './spectrum'

export function complianceRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database
  const { config } = deps
  const tags = ['compliance']
  const view = access(deps, 'art-data-center:view')

  app.openapi(
    createRoute({
      method: 'get',
      path: '/spectrum',
      tags,
      summary:
        "The Spectrum 5.1 compliance map: the standard's 21 procedures, each with its support (full, partial, none), where it lives (routes and process types) and the evidence in the database now (how many, the latest)",
      ...view,
      responses: okResponse(spectrumMapSchema),
    }),
    async (c) => ok(c, await spectrumMap(db)),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/spectrum.pdf',
      tags,
      summary: "The Spectrum 5.1 compliance map as a PDF (A4 landscape, in the request's language)",
      ...view,
      responses: pdfResponses('The compliance map'),
    }),
    async (c: Context<AppEnv>) =>
      heavyDownload(deps.heavy.downloads, currentUser(c).id, async () => {
        const lang = c.get('lang')
        const map = await spectrumMap(db)
        const w = COMPLIANCE_WORDS[lang]
        const r = await openReport(config, { lang, title: w.title, landscape: true })
        return reportResponse(r, `${w.fileName}-${officeStamp()}.pdf`, (report) =>
          drawComplianceMap(report, map, config.timeZone),
        )
      }),
  )

  return app
}
