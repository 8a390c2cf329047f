// The one error type handlers throw: an envelope code, a message key and optional data.
import type { MessageKey, MessageParams } from '../../shared/errors'

export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly messageKey: MessageKey,
    readonly params?: MessageParams,
    readonly data: unknown = null,
  ) {
    super(messageKey)
  }
}

export const notFound = () => new AppError(404, 'notFound')
export const forbidden = () => new AppError(4031, 'insufficientPrivilege')
export const conflict = () => new AppError(409, 'conflict')
export const invalid = (fieldErrors: Record<string, string>) =>
  new AppError(400, 'invalidInput', undefined, { fieldErrors })
