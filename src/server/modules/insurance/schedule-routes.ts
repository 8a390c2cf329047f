// Under-insurance and schedules of cover, mounted at /api/insurance beside the policy register:
// the under-insured list (and what cannot be compared), the ratio setting, one policy's schedule, its
// adjustment by the insurance approvers, and its Excel export. Every refusal stores nothing.
import { createRoute, z } from '@hono/zod-openapi'
import { and, eq, inArray, isNull } from 'drizzle-orm'
import { VALUES_PRIVILEGE } from '../../../shared/access'
import { scheduleAsOfQuery } from '../../../shared/contracts/as-of'
import {
  insuranceSettingsInput,
  insuranceSettingsView,
  policySchedule as policyScheduleSchema,
  SCHEDULE_EDIT_PRIVILEGE,
  SETTINGS_EDIT_PRIVILEGE,
  scheduleInput,
  underInsuredPage,
  underInsuredQuery,
} from '../../../shared/contracts/insurance-schedule'
import type { Lang } from '../../../shared/errors'
import { insurancePolicies, insurancePolicyArtworks } from '../../db/schema'
import { access, currentUser } from '../../http/access'
import { AppError, invalid, notFound } from '../../http/app-error'
import type { Deps } from '../../http/context'
import { errorEnvelope, ok, okResponse } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { heavyDownload } from '../../jobs/heavy'
import { requestScope, visibleWhere } from '../auth/scope'
import { contentDisposition } from '../files/serve'
import { momentOf } from '../warehouse/at'
import { writeSchedule } from './schedule'
import { scheduleFileName, scheduleWorkbook } from './schedule-excel'
import { policySchedule, ratioSetting, saveRatio, underInsured } from './under-insurance'

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

const idParam = z.object({
  id: z.uuid({ message: 'invalidValue' }).openapi({ param: { in: 'path', name: 'id', required: true } }),
})
const json = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
})

export function insuranceScheduleRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database
  const tags = ['devOpsManage: under-insurance and schedules of cover']
  const lang = (c: { get(key: 'lang'): Lang }) => c.get('lang')
  /** The schedule and the under-insurance check are values throughout: they are behind the values privilege. */
  const valuesView = access(deps, VALUES_PRIVILEGE)
  /** The day of a schedule as of a day, refused when after today. */
  const asOfDay = (at: string | undefined) => {
    if (at) momentOf(at, deps.config.timeZone)
    return at
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/under-insured',
      tags,
      summary:
        'Covered artworks insured below the ratio of their latest valuation in the same currency (list=flagged), or that cannot be compared (list=notComparable)',
      ...valuesView,
      request: { query: underInsuredQuery },
      responses: okResponse(underInsuredPage),
    }),
    async (c) => ok(c, await underInsured(db, c.req.valid('query'), await requestScope(c, db))),
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/settings',
      tags,
      summary: 'The under-insurance ratio in force (0.90 unless set)',
      ...access(deps, 'devOpsManage:view'),
      responses: okResponse(insuranceSettingsView),
    }),
    async (c) => ok(c, await ratioSetting(db)),
  )

  app.openapi(
    createRoute({
      method: 'put',
      path: '/settings',
      tags,
      summary: 'Set the under-insurance ratio (0.5 to 1.5)',
      ...access(deps, SETTINGS_EDIT_PRIVILEGE),
      request: json(insuranceSettingsInput),
      responses: okResponse(insuranceSettingsView),
    }),
    async (c) => {
      const { underInsuranceRatio } = c.req.valid('json')
      await saveRatio(db, underInsuranceRatio, currentUser(c).id)
      c.set('operationType', `INSURANCE_SETTINGS underInsuranceRatio=${underInsuranceRatio}`)
      return ok(c, await ratioSetting(db))
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/policies/{id}/schedule',
      tags,
      summary:
        "A policy's schedule of cover: each artwork's agreed value against its latest valuation; with `at` (yyyy-MM-dd, not after today) as it was on that day",
      ...valuesView,
      request: { params: idParam, query: scheduleAsOfQuery },
      responses: okResponse(policyScheduleSchema),
    }),
    async (c) => {
      const view = await policySchedule(
        db,
        c.req.valid('param').id,
        lang(c),
        asOfDay(c.req.valid('query').at),
        await requestScope(c, db),
      )
      if (!view) throw notFound()
      return ok(c, view)
    },
  )

  app.openapi(
    createRoute({
      method: 'put',
      path: '/policies/{id}/schedule',
      tags,
      summary:
        "Adjust agreed values on an active policy's schedule (artworks on the policy, amounts above zero); the total may then differ from the policy's",
      ...access(deps, SCHEDULE_EDIT_PRIVILEGE),
      request: { params: idParam, ...json(scheduleInput) },
      responses: okResponse(policyScheduleSchema),
    }),
    async (c) => {
      const { id } = c.req.valid('param')
      const { items } = c.req.valid('json')
      const scope = await requestScope(c, db)
      const errors: Record<string, string> = {}
      const seen = new Set<string>()
      items.forEach((item, i) => {
        if (seen.has(item.artworkId)) errors[`items.${i}.artworkId`] = 'duplicateArtwork'
        seen.add(item.artworkId)
      })
      await db.transaction(async (tx) => {
        const [policy] = await tx
          .select({ status: insurancePolicies.status })
          .from(insurancePolicies)
          .where(eq(insurancePolicies.id, id))
          .for('update')
        if (!policy) throw notFound()
        if (policy.status !== 'active') throw new AppError(400, 'policyNotEditable')
        const onPolicy = await tx
          .select({ artworkId: insurancePolicyArtworks.artworkId })
          .from(insurancePolicyArtworks)
          .where(
            and(
              eq(insurancePolicyArtworks.policyId, id),
              isNull(insurancePolicyArtworks.removedOn),
              // a work out of the user's scope is, to them, not on the policy
              visibleWhere(scope, insurancePolicyArtworks.artworkId),
              inArray(
                insurancePolicyArtworks.artworkId,
                items.map((i) => i.artworkId),
              ),
            ),
          )
        const covered = new Set(onPolicy.map((r) => r.artworkId))
        items.forEach((item, i) => {
          if (!covered.has(item.artworkId)) errors[`items.${i}.artworkId`] ??= 'notOnPolicy'
        })
        if (Object.keys(errors).length > 0) throw invalid(errors)
        await writeSchedule(
          tx,
          id,
          items.map((i) => ({ id: i.artworkId, amount: i.insuredAmount })),
        )
      })
      c.set('operationType', `INSURANCE_SCHEDULE ${id} (${items.length})`)
      return ok(c, (await policySchedule(db, id, lang(c), undefined, scope))!)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/policies/{id}/schedule.xlsx',
      tags,
      summary:
        "A policy's schedule of cover as Excel (headings in the request's language); with `at` as it was on that day",
      ...valuesView,
      request: { params: idParam, query: scheduleAsOfQuery },
      responses: {
        200: {
          description: 'The schedule of cover',
          content: { [XLSX_MIME]: { schema: z.string().openapi({ format: 'binary' }) } },
        },
        default: {
          description: 'Error envelope',
          content: { 'application/json': { schema: errorEnvelope } },
        },
      },
    }),
    async (c) => {
      const l = lang(c)
      const at = asOfDay(c.req.valid('query').at)
      const view = await policySchedule(db, c.req.valid('param').id, l, at, await requestScope(c, db))
      if (!view) throw notFound()
      return heavyDownload(deps.heavy.downloads, currentUser(c).id, async () => {
        const body = await scheduleWorkbook(view, l)
        return new Response(new Uint8Array(body), {
          status: 200,
          headers: {
            'content-type': XLSX_MIME,
            'content-disposition': contentDisposition(
              'attachment',
              scheduleFileName(view.policy.policyNo, l),
            ),
            'x-content-type-options': 'nosniff',
            'cache-control': 'no-store',
          },
        })
      })
    },
  )

  return app
}
