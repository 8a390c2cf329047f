// The scope at the door of every address that names one artwork or one process: /api/artworks/<id>[/...]
// (the record, its ownership, valuations, condition, history, lock and every other sub-route, whichever
// module serves it), /api/reports/artworks/<id>/... (its tear sheet and condition report) and
// /api/process/<id>[/...] (the view, history, steps, events, tasks). For a signed-in user limited to legal
// entities (modules/auth/scope.ts) an artwork out of their scope, or a process one of whose subject artworks
// is, answers 404 exactly as if it did not exist. Asked by the access check of every route (access.ts) once
// the user's privileges have passed, so a missing privilege still answers 4031.
import type { Context } from 'hono'
import type { Db } from '../db/client'
import { artworkInScope, processInScope, requestScope } from '../modules/auth/scope'
import { notFound } from './app-error'
import type { AppEnv } from './context'

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const ARTWORK_PATH = new RegExp(`^/api/(?:reports/)?artworks/(${UUID})(?:/|$)`, 'i')
const PROCESS_PATH = new RegExp(`^/api/process/(${UUID})(?:/|$)`, 'i')

/** 404 when the path names an artwork or a process out of the signed-in user's scope. */
export async function assertPathInScope(c: Context<AppEnv>, db: Db): Promise<void> {
  const path = c.req.path
  const artwork = ARTWORK_PATH.exec(path)?.[1]
  const process = artwork ? undefined : PROCESS_PATH.exec(path)?.[1]
  if (!artwork && !process) return
  const scope = await requestScope(c, db)
  if (!scope) return
  const visible = artwork
    ? await artworkInScope(db, scope, artwork.toLowerCase())
    : await processInScope(db, scope, process!.toLowerCase())
  if (!visible) throw notFound()
}
