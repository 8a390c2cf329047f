// The HTTP client (docs/api.md): ky with base /api, the three request headers, a
// 300 000 ms timeout, GET parameters in the query string with empty ones skipped, JSON bodies. A reply is
// unwrapped from its envelope: code 0 gives `data` (parsed by the shared zod contract when one is given),
// anything else rejects with an ApiError. No retries here: TanStack Query decides (and never retries a 4xx).
import ky, { isTimeoutError, type KyInstance } from 'ky'
import type { z } from 'zod'
import type { Envelope, Lang } from '../../shared/errors'
import { ApiError } from './api-error'

export const REQUEST_TIMEOUT_MS = 300_000

export interface ClientContext {
  getToken(): string | null
  getLanguage(): Lang
  /** The first segment of the current route (docs/api.md, `x-system-name`: `home` on the home page). */
  getSystemName(): string
  /** For tests: a fetch to call instead of the browser's. */
  fetch?: typeof fetch
  /** For tests outside a browser page: the origin the /api prefix is resolved against. */
  baseUrl?: string
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[]
export type QueryParams = Record<string, QueryValue>

export interface RequestOptions<S extends z.ZodType | undefined = undefined> {
  searchParams?: QueryParams
  json?: unknown
  body?: FormData
  schema?: S
  signal?: AbortSignal
  /** Headers of this call alone (a share link's password). */
  headers?: Record<string, string>
  /**
   * Calls made by the shell itself (the signed-in user, the bell, sign-out) rather than by the screen: they
   * send `home`, so a user who opened a screen of a system they may not use still gets the layout and the
   * "no access" page instead of an error.
   */
  shell?: boolean
}

/** x-system-name of the shell's own calls (docs/api.md: empty or `home` outside a system). */
export const SHELL_SYSTEM_NAME = 'home'

type Result<S> = S extends z.ZodType ? z.output<S> : unknown

/** The first route segment as sent in x-system-name: `home` for `/` and `/index`. */
export function systemNameOf(pathname: string): string {
  const first = pathname.split('/').filter(Boolean)[0] ?? ''
  return first === '' || first === 'index' ? 'home' : decodeURIComponent(first)
}

/** GET parameters: empty strings, null and undefined are skipped; arrays repeat the key. */
export function toSearchParams(params: QueryParams | undefined): URLSearchParams {
  const out = new URLSearchParams()
  if (!params) return out
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue
    if (Array.isArray(value)) {
      for (const v of value) if (String(v) !== '') out.append(key, String(v))
      continue
    }
    const text = String(value)
    if (text.trim() === '') continue
    out.append(key, text)
  }
  return out
}

/** The headers every request carries. */
export function requestHeaders(ctx: ClientContext, shell = false): Record<string, string> {
  const headers: Record<string, string> = {
    'accept-language': ctx.getLanguage(),
    'x-system-name': shell ? SHELL_SYSTEM_NAME : ctx.getSystemName(),
  }
  const token = ctx.getToken()
  if (token) headers['x-auth-token'] = token
  return headers
}

function isEnvelope(body: unknown): body is Envelope {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as Envelope).code === 'number' &&
    typeof (body as Envelope).msg === 'string'
  )
}

/** Turn a reply into its data or an ApiError (shared by the ky client and the XHR upload). */
export function unwrapEnvelope<S extends z.ZodType | undefined>(
  status: number,
  body: unknown,
  schema?: S,
): Result<S> {
  if (!isEnvelope(body)) throw new ApiError('http', status, `HTTP ${status}`, null, status)
  if (body.code !== 0) throw new ApiError('api', body.code, body.msg, body.data ?? null, status)
  if (!schema) return body.data as Result<S>
  const parsed = schema.safeParse(body.data)
  if (!parsed.success) {
    throw new ApiError('contract', 0, 'The reply does not match the contract', parsed.error.issues, status)
  }
  return parsed.data as Result<S>
}

export type ApiClient = ReturnType<typeof createApiClient>

export function createApiClient(ctx: ClientContext) {
  const http: KyInstance = ky.create({
    prefix: '/api',
    ...(ctx.baseUrl ? { baseUrl: ctx.baseUrl } : {}),
    timeout: REQUEST_TIMEOUT_MS,
    retry: 0,
    throwHttpErrors: false,
    ...(ctx.fetch ? { fetch: ctx.fetch } : {}),
    hooks: {
      beforeRequest: [
        ({ request, options }) => {
          const shell = (options.context as { shell?: boolean } | undefined)?.shell === true
          for (const [name, value] of Object.entries(requestHeaders(ctx, shell)))
            request.headers.set(name, value)
        },
      ],
    },
  })

  async function request<S extends z.ZodType | undefined = undefined>(
    method: 'get' | 'post' | 'put' | 'patch' | 'delete',
    path: string,
    options: RequestOptions<S> = {},
  ): Promise<Result<S>> {
    let response: Response
    try {
      response = await http(path.replace(/^\/?(api\/)?/, ''), {
        method,
        searchParams: toSearchParams(options.searchParams),
        ...(options.json !== undefined ? { json: options.json } : {}),
        ...(options.body !== undefined ? { body: options.body } : {}),
        signal: options.signal,
        ...(options.headers ? { headers: options.headers } : {}),
        context: { shell: options.shell === true },
      })
    } catch (error) {
      if (isTimeoutError(error)) throw new ApiError('timeout', 0, 'The request timed out')
      if (options.signal?.aborted) throw new ApiError('aborted', 0, 'The request was aborted')
      throw new ApiError('network', 0, (error as Error)?.message || 'Network error')
    }
    let body: unknown = null
    try {
      body = await response.json()
    } catch {
      body = null
    }
    return unwrapEnvelope(response.status, body, options.schema)
  }

  return {
    request,
    get: <S extends z.ZodType | undefined = undefined>(path: string, options?: RequestOptions<S>) =>
      request('get', path, options),
    post: <S extends z.ZodType | undefined = undefined>(path: string, options?: RequestOptions<S>) =>
      request('post', path, options),
    put: <S extends z.ZodType | undefined = undefined>(path: string, options?: RequestOptions<S>) =>
      request('put', path, options),
    patch: <S extends z.ZodType | undefined = undefined>(path: string, options?: RequestOptions<S>) =>
      request('patch', path, options),
    delete: <S extends z.ZodType | undefined = undefined>(path: string, options?: RequestOptions<S>) =>
      request('delete', path, options),
  }
}
