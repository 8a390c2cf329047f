// The envelope { code, msg, data } on every response, success or error, and the zod shapes that
// describe it in the OpenAPI document.
import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import {
  formatMessage,
  httpStatusOf,
  MESSAGES,
  type MessageKey,
  type MessageParams,
} from '../../shared/errors'
import { issuesToFieldErrors } from '../../shared/validation'
import { AppError } from './app-error'
import type { AppEnv } from './context'
import { redactSecrets } from './request-log'

export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number(), msg: z.string(), data })
}

export const errorEnvelope = envelopeOf(z.any())

/** The `responses` of a route whose data has the given schema. */
export function okResponse<T extends z.ZodType>(data: T, description = 'Success') {
  return {
    200: { description, content: { 'application/json': { schema: envelopeOf(data) } } },
    default: {
      description: 'Error envelope (see docs/api.md for the codes)',
      content: { 'application/json': { schema: errorEnvelope } },
    },
  } as const
}

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() })
}

/** The JSON text already made of a value (an event's result, stored under its idempotency key). */
const jsonTexts = new WeakMap<object, string>()

/** Remember that `json` is `data` as JSON text, so that ok() sends it without serialising `data` again. */
export function serialisedAs<T extends object>(data: T, json: string): T {
  jsonTexts.set(data, json)
  return data
}

export function ok<T>(c: Context<AppEnv>, data: T) {
  c.set('resultCode', 0)
  const msg = formatMessage('ok', c.get('lang'))
  const json = typeof data === 'object' && data !== null ? jsonTexts.get(data) : undefined
  if (json === undefined) return c.json({ code: 0, msg, data }, 200)
  // The same bytes c.json would send: the envelope around the text already made of `data`.
  const body = `{"code":0,"msg":${JSON.stringify(msg)},"data":${json}}`
  return c.body(body, 200, { 'content-type': 'application/json' }) as unknown as ReturnType<
    typeof c.json<{ code: number; msg: string; data: T }, 200>
  >
}

/** Field errors travel as message keys; the words are chosen here, with the error's own parameters. */
function translateFieldErrors(c: Context<AppEnv>, data: unknown, params?: MessageParams): unknown {
  if (!data || typeof data !== 'object' || !('fieldErrors' in data)) return data
  const fieldErrors = (data as { fieldErrors: Record<string, string> }).fieldErrors
  const out: Record<string, string> = {}
  for (const [field, message] of Object.entries(fieldErrors)) {
    out[field] = message in MESSAGES ? formatMessage(message as MessageKey, c.get('lang'), params) : message
  }
  return { ...data, fieldErrors: out }
}

export function errorResponse(c: Context<AppEnv>, error: unknown) {
  const lang = c.get('lang') ?? 'zh-CN'
  let code = 500
  let msg: string
  let data: unknown = null
  if (error instanceof AppError) {
    code = error.code
    msg = formatMessage(error.messageKey, lang, error.params)
    data = translateFieldErrors(c, error.data, error.params)
    c.set('exception', `${error.messageKey}`)
  } else if (error instanceof HTTPException && error.status === 413) {
    code = 413
    msg = formatMessage('bodyTooLarge', lang)
    c.set('exception', 'bodyTooLarge')
  } else if (error instanceof HTTPException && error.status === 400) {
    code = 400
    msg = formatMessage('malformedJson', lang)
    data = { fieldErrors: { _: msg } }
    c.set('exception', error.message)
  } else if (isUniqueViolation(error)) {
    // Two requests raced to create the same record (a username, a key): the loser is told so.
    code = 409
    msg = formatMessage('duplicate', lang)
    c.set('exception', redactSecrets(describe(error)))
  } else {
    const logId = c.get('logId') ?? ''
    msg = formatMessage('internal', lang, { logId })
    const text = redactSecrets(describe(error))
    c.set('exception', text)
    console.error(`[${logId}]`, text)
  }
  c.set('resultCode', code)
  return c.json({ code, msg, data }, httpStatusOf(code))
}

/** The stack (or text) of an error and of its causes: a failed query's driver error sits in `cause`. */
function describe(error: unknown): string {
  const parts: string[] = []
  let current: unknown = error
  for (let i = 0; current !== undefined && current !== null && i < 5; i++) {
    parts.push(current instanceof Error ? (current.stack ?? current.message) : String(current))
    current = current instanceof Error ? current.cause : undefined
  }
  return parts.join('\nCaused by: ')
}

/** PostgreSQL's unique_violation (23505), from either driver, anywhere in the cause chain. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error
  for (let i = 0; current && typeof current === 'object' && i < 5; i++) {
    if ((current as { code?: unknown }).code === '23505') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** The validation hook of every route: zod failures become code 400 with field errors. */
export function validationHook(
  result: { success: true } | { success: false; error: z.ZodError },
  c: Context<AppEnv>,
) {
  if (!result.success) {
    throw new AppError(400, 'invalidInput', undefined, {
      fieldErrors: issuesToFieldErrors(result.error.issues, c.get('lang')),
    })
  }
}
