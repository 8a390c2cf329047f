// The insurance API (/api/insurance): the policy register by segment, one policy (schedule, endorsements,
// claims, renewal chain), the covered and to-be-insured artworks, the renewals due and the claims. Reading
// only (the insurance processes write through their effects); every route needs devOpsManage:view.
import { createRoute, z } from '@hono/zod-openapi'
import {
  claimListQuery,
  claimPage,
  coverListQuery,
  coverPage,
  policyDetail,
  policyDetailQuery,
  policyListQuery,
  policyPage,
  renewalsDueQuery,
} from '../../../shared/contracts/insurance'
import { access, currentUser } from '../../http/access'
import type { Deps } from '../../http/context'
import { ok, okResponse } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { artworkValuesFor, nulled, seesValues } from '../../http/values'
import { listClaims, listCover, listPolicies, policyDetail as readPolicy, renewalsDue } from './queries'

const idParam = z.object({
  id: z.uuid({ message: 'invalidValue' }).openapi({ param: { in: 'path', name: 'id', required: true } }),
})

/** A policy's money: its premium and its sum insured. */
const POLICY_VALUES = ['premium', 'insuredAmount'] as const
/** A claim's money: claimed and paid. */
const CLAIM_VALUES = ['claimedAmount', 'paidAmount'] as const

export function insuranceRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database
  const tags = ['devOpsManage: insurance']
  const view = access(deps, 'devOpsManage:view')

  app.openapi(
    createRoute({
      method: 'get',
      path: '/policies',
      tags,
      summary:
        'The policy register: active, expiring within 30/60/90 days, expired (active, end date passed), lapsed, or all; with each segment’s count',
      ...view,
      request: { query: policyListQuery },
      responses: okResponse(policyPage),
    }),
    async (c) => {
      const page = await listPolicies(db, c.req.valid('query'))
      if (seesValues(currentUser(c))) return ok(c, page)
      return ok(c, { ...page, list: page.list.map((p) => nulled(p, POLICY_VALUES)) })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/policies/{id}',
      tags,
      summary: 'One policy: its facts, the artworks it covers or covered, its claims and its renewal chain',
      ...view,
      request: { params: idParam, query: policyDetailQuery },
      responses: okResponse(policyDetail),
    }),
    async (c) => {
      const policy = await readPolicy(db, c.req.valid('param').id, c.req.valid('query'))
      if (seesValues(currentUser(c))) return ok(c, policy)
      return ok(c, {
        ...nulled(policy, POLICY_VALUES),
        artworks: policy.artworks.map((a) => nulled(a, ['insuredAmount'])),
        claims: policy.claims.map((cl) => nulled(cl, CLAIM_VALUES)),
      })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/artworks',
      tags,
      summary:
        'Covered artworks (with the policy and the date they are covered until), or those to be insured',
      ...view,
      request: { query: coverListQuery },
      responses: okResponse(coverPage),
    }),
    async (c) => {
      const page = await listCover(db, c.req.valid('query'))
      return ok(c, { ...page, list: page.list.map((r) => artworkValuesFor(currentUser(c), r)) })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/renewals-due',
      tags,
      summary: 'Active policies ending within 30/60/90 days with no renewal started',
      ...view,
      request: { query: renewalsDueQuery },
      responses: okResponse(
        z.object({
          list: policyPage.shape.list,
          total: z.number(),
          page: z.number(),
          pageSize: z.number(),
        }),
      ),
    }),
    async (c) => {
      const page = await renewalsDue(db, c.req.valid('query'))
      if (seesValues(currentUser(c))) return ok(c, page)
      return ok(c, { ...page, list: page.list.map((p) => nulled(p, POLICY_VALUES)) })
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/claims',
      tags,
      summary: 'Claims (INSURANCE_PAYOUT): incident date, amounts claimed and paid, where each stands',
      ...view,
      request: { query: claimListQuery },
      responses: okResponse(claimPage),
    }),
    async (c) => {
      const page = await listClaims(db, c.req.valid('query'))
      if (seesValues(currentUser(c))) return ok(c, page)
      return ok(c, { ...page, list: page.list.map((cl) => nulled(cl, CLAIM_VALUES)) })
    },
  )

  return app
}
