// The scope at the door of every address that names one artwork or one process: /api/artworks/<id>[/...]
// (the record, its ownership, valuations, condition, history, lock and every other sub-route, whichever
// module serves it) and /api/process/<id>[/...] (the view, history, steps, events, tasks). For a signed-in
// user limited to legal entities (modules/auth/scope.ts) an artwork out of their scope, or a process one of
// whose subject artworks is, answers 404 exactly as if it did not exist. Without a valid session it lets the
// request through: the route's own access check answers.
import type { MiddlewareHandler } from 'hono'
import { artworkInScope, artworkScope, processInScope } from '../modules/auth/scope'
import { authenticate } from '../modules/auth/sessions'
import { notFound } from './app-error'
import type { AppEnv, Deps } from './context'

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const ARTWORK_PATH = new RegExp(`^/api/artworks/(${UUID})(?:/|$)`, 'i')
const PROCESS_PATH = new RegExp(`^/api/process/(${UUID})(?:/|$)`, 'i')

export function scopeGuard(deps: Deps): MiddlewareHandler<AppEnv> {
  const { db } = deps.database
  return async (c, next) => {
    const path = c.req.path
    const artwork = ARTWORK_PATH.exec(path)?.[1]
    const process = artwork ? undefined : PROCESS_PATH.exec(path)?.[1]
    if (!artwork && !process) return next()
    const user = await authenticate(db, deps.config, c.req.header('x-auth-token'))
    if (!user) return next()
    const scope = await artworkScope(db, user)
    c.set('scope', scope)
    if (!scope) return next()
    const visible = artwork
      ? await artworkInScope(db, scope, artwork.toLowerCase())
      : await processInScope(db, scope, process!.toLowerCase())
    if (!visible) throw notFound()
    return next()
  }
}
