// The scope at the door of every address that names one artwork or one process: /api/artworks/<id>[/...]
// (the record, its ownership, valuations, condition, history, lock and every other sub-route, whichever
// module serves it), /api/reports/artworks/<id>/... (its tear sheet and condition report) and
// /api/process/<id>[/...] (the view, history, steps, events, tasks), the operations' reads of one process
// (/api/operations/processes/<id>/..., /api/operations/batches/<id>/...), a legal entity's addresses
// (/api/entities/<id>[/...]: its holdings and their files; an entity outside the user's trees does not exist
// for them) and an insurance policy's (/api/insurance/policies/<id>[/...] and its schedule PDF: a policy
// covering no work in scope does not exist for them). For a signed-in user limited to legal
// entities (modules/auth/scope.ts) an artwork out of their scope, or a process one of whose subject artworks
// is, answers 404 exactly as if it did not exist. Asked by the access check of every route (access.ts) once
// the user's privileges have passed, so a missing privilege still answers 4031.
import type { Context } from 'hono'
import type { Db } from '../db/client'
import {
  artworkInScope,
  entityInScope,
  policyInScope,
  processInScope,
  requestScope,
} from '../modules/auth/scope'
import type { ArtworkScope } from '../modules/auth/scope-types'
import { notFound } from './app-error'
import type { AppEnv } from './context'

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const ARTWORK_PATH = new RegExp(`^/api/(?:reports/)?artworks/(${UUID})(?:/|$)`, 'i')
const PROCESS_PATH = new RegExp(
  `^/api/(?:process|operations/processes|operations/batches)/(${UUID})(?:/|$)`,
  'i',
)
const ENTITY_PATH = new RegExp(`^/api/entities/(${UUID})(?:/|$)`, 'i')
const POLICY_PATH = new RegExp(`^/api/(?:reports/)?insurance/policies/(${UUID})(?:/|$)`, 'i')

type Check = (db: Db, scope: ArtworkScope, id: string) => Promise<boolean>
const GUARDS: [RegExp, Check][] = [
  [ARTWORK_PATH, artworkInScope],
  [PROCESS_PATH, processInScope],
  [ENTITY_PATH, entityInScope],
  [POLICY_PATH, policyInScope],
]

/** 404 when the path names an artwork, a process, an entity or a policy out of the signed-in user's scope. */
export async function assertPathInScope(c: Context<AppEnv>, db: Db): Promise<void> {
  const path = c.req.path
  for (const [pattern, check] of GUARDS) {
    const id = pattern.exec(path)?.[1]
    if (!id) continue
    const scope = await requestScope(c, db)
    if (scope && !(await check(db, scope, id.toLowerCase()))) throw notFound()
    return
  }
}
