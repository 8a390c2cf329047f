// The envelope { code, msg, data } on every response, success or error, and the zod shapes that
// describe it in the OpenAPI document.
import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { formatMessage, httpStatusOf, MESSAGES, type MessageKey } from '../../shared/errors'
import { issuesToFieldErrors } from '../../shared/validation'
import { AppError } from './app-error'
import type { AppEnv } from './context'

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

export function ok<T>(c: Context<AppEnv>, data: T) {
  c.set('resultCode', 0)
  return c.json({ code: 0, msg: formatMessage('ok', c.get('lang')), data }, 200)
}

function translateFieldErrors(c: Context<AppEnv>, data: unknown): unknown {
  if (!data || typeof data !== 'object' || !('fieldErrors' in data)) return data
  const fieldErrors = (data as { fieldErrors: Record<string, string> }).fieldErrors
  const out: Record<string, string> = {}
  for (const [field, message] of Object.entries(fieldErrors)) {
    out[field] = message in MESSAGES ? formatMessage(message as MessageKey, c.get('lang')) : message
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
    data = translateFieldErrors(c, error.data)
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
  } else {
    const logId = c.get('logId') ?? ''
    msg = formatMessage('internal', lang, { logId })
    c.set('exception', (error as Error)?.stack ?? String(error))
    console.error(`[${logId}]`, error)
  }
  c.set('resultCode', code)
  return c.json({ code, msg, data }, httpStatusOf(code))
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
