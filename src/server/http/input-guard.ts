// The one rule at the edge for everything the API accepts: a body is
// JSON (or multipart for uploads) or it is refused with 415; every string in the JSON body, the query
// string and the path — keys and values — holds no NUL and is well-formed UTF-16; a JSON body is nested
// at most MAX_DEPTH levels. A refusal is a 400 naming the field, before any route or database sees it.
import type { Context, MiddlewareHandler } from 'hono'
import { formatMessage } from '../../shared/errors'
import { isCleanText } from '../../shared/validation'
import { AppError } from './app-error'
import type { AppEnv } from './context'

/** Deepest nesting a JSON body may have (objects and arrays; the body itself is level 1). */
export const MAX_DEPTH = 32

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export type TextProblem = { path: string; problem: 'text' | 'depth' }

/**
 * The first problem in a parsed JSON value, or null. Iterative, so a hostile depth cannot overflow the
 * stack here; it stops at the first level past MAX_DEPTH.
 */
export function findTextProblem(root: unknown, maxDepth = MAX_DEPTH): TextProblem | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: '', depth: 1 }]
  const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key))
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!
    if (typeof value === 'string') {
      if (!isCleanText(value)) return { path: path || '_', problem: 'text' }
      continue
    }
    if (value === null || typeof value !== 'object') continue
    if (depth > maxDepth) return { path: path || '_', problem: 'depth' }
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], path: join(path, i), depth: depth + 1 })
      continue
    }
    const entries = Object.entries(value as Record<string, unknown>)
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]
      const at = join(path, key)
      if (!isCleanText(key)) return { path: path || '_', problem: 'text' }
      stack.push({ value: child, path: at, depth: depth + 1 })
    }
  }
  return null
}

function refuse(c: Context<AppEnv>, problem: TextProblem): never {
  const lang = c.get('lang')
  const message =
    problem.problem === 'depth'
      ? formatMessage('tooDeep', lang, { max: MAX_DEPTH })
      : formatMessage('invalidText', lang)
  throw new AppError(400, 'invalidInput', undefined, { fieldErrors: { [problem.path]: message } })
}

/** Media type of the request body, lower case, without parameters ('' when none was sent). */
function mediaType(c: Context<AppEnv>): string {
  return (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase()
}

function hasBody(c: Context<AppEnv>): boolean {
  const length = c.req.header('content-length')
  if (length !== undefined) return length.trim() !== '0'
  if (c.req.header('transfer-encoding') !== undefined) return true
  // Over HTTP a request that declares neither has no body (RFC 9112 §6.3) — a browser's DELETE without one
  // sends neither, while the node adapter still hands over a (empty) stream. A Request built in process
  // (tests, app.request) has no socket and declares neither: it has a body or it has none.
  const bindings = c.env as { server?: { incoming?: unknown }; incoming?: unknown } | undefined
  if ((bindings?.server ?? bindings)?.incoming) return false
  return c.req.raw.body !== null
}

export function inputGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // The path and the query string: every key and value, as the routes will read them.
    let path: string
    try {
      path = decodeURIComponent(c.req.path)
    } catch {
      path = c.req.path
    }
    if (!isCleanText(path)) refuse(c, { path: 'path', problem: 'text' })
    const url = c.req.url
    const q = url.indexOf('?')
    if (q >= 0) {
      for (const [key, value] of new URLSearchParams(url.slice(q + 1))) {
        if (!isCleanText(key)) refuse(c, { path: '_', problem: 'text' })
        if (!isCleanText(value)) refuse(c, { path: key, problem: 'text' })
      }
    }
    if (BODY_METHODS.has(c.req.method) && hasBody(c)) {
      const type = mediaType(c)
      if (type === 'application/json') {
        let body: unknown
        try {
          body = await c.req.json() // cached: the route's validator reads the same parse
        } catch (error) {
          if (error instanceof SyntaxError) {
            const msg = formatMessage('malformedJson', c.get('lang'))
            throw new AppError(400, 'malformedJson', undefined, { fieldErrors: { _: msg } })
          }
          throw error
        }
        const problem = findTextProblem(body)
        if (problem) refuse(c, problem)
      } else if (type !== 'multipart/form-data') {
        throw new AppError(415, 'unsupportedMediaType')
      }
    }
    return next()
  }
}
