// The one error type every API call rejects with. The client turns replies into values or an ApiError and
// never navigates or toasts; the layer above it (api-error-handler.ts) decides what the user sees.
export type ApiErrorKind =
  /** The server answered with the envelope and a non-zero code. */
  | 'api'
  /** The server answered, but not with the envelope (a proxy's error page, an empty body). */
  | 'http'
  /** No answer: offline, connection refused, DNS. Passed back to the caller (docs/architecture.md § Errors and behaviours). */
  | 'network'
  /** No answer within the request timeout (300 000 ms). */
  | 'timeout'
  /** The envelope's data did not match the shared contract. */
  | 'contract'
  /** The caller aborted the request. */
  | 'aborted'

export class ApiError extends Error {
  override readonly name = 'ApiError'
  constructor(
    readonly kind: ApiErrorKind,
    /** The envelope code for kind 'api', the HTTP status for 'http', 0 otherwise. */
    readonly code: number,
    message: string,
    readonly data: unknown = null,
    readonly status = 0,
  ) {
    super(message)
  }

  /** `data.fieldErrors` of a 400: field path → message in the request's language. */
  get fieldErrors(): Record<string, string> | null {
    const d = this.data as { fieldErrors?: unknown } | null
    if (!d || typeof d !== 'object' || !d.fieldErrors || typeof d.fieldErrors !== 'object') return null
    return d.fieldErrors as Record<string, string>
  }

  /** Code 403: not signed in, or the session is gone. */
  get isSessionExpired(): boolean {
    return this.kind === 'api' && this.code === 403
  }

  /** The server understood the request and refused it: asking again will not help. */
  get isClientError(): boolean {
    if (this.kind === 'api') return this.code !== 500 && !(this.code >= 500 && this.code < 600)
    if (this.kind === 'http') return this.status >= 400 && this.status < 500
    return this.kind === 'contract' || this.kind === 'aborted'
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}
