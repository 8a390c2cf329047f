// Tamper evidence (/api/audit): an administrator's verification of every hash chain (src/server/audit/),
// naming each chain's first broken row and why, and the heads as last recorded for those who read the system
// log. A verification is recorded beside each head (when, and whether it held).
import { createRoute } from '@hono/zod-openapi'
import { auditVerification, chainHeads as chainHeadsSchema } from '../../../shared/contracts/audit'
import { linkAllPending } from '../../audit/linker'
import { verifyChains } from '../../audit/verify'
import { access } from '../../http/access'
import type { Deps } from '../../http/context'
import { ok, okResponse } from '../../http/envelope'
import { moduleRouter } from '../../http/router'
import { chainHeads } from './heads'

export function auditRoutes(deps: Deps) {
  const app = moduleRouter()
  const { db } = deps.database
  const tags = ['audit']

  app.openapi(
    createRoute({
      method: 'get',
      path: '/verify',
      tags,
      summary:
        'Verify the hash chains (process history, artwork record history, system log): rows, head and the first broken row of each, with why',
      ...access(deps, 'authManage:edit'),
      responses: okResponse(auditVerification),
    }),
    async (c) => {
      c.set('operationType', 'AUDIT_VERIFY')
      // What the log writer still holds joins its chain first, and every row written so far is linked (waiting
      // for a linker at work on another server), so the answer covers every request so far.
      await deps.logWriter.flush()
      await linkAllPending(db)
      return ok(c, await verifyChains(db, c.get('lang')))
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/heads',
      tags,
      summary: 'The head of each hash chain as last recorded, with its last verification',
      ...access(deps, 'systemLog:view'),
      responses: okResponse(chainHeadsSchema),
    }),
    async (c) => ok(c, { chains: await chainHeads(db) }),
  )

  return app
}
