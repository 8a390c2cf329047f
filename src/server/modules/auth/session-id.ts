// A session's public id: the first 16 hex digits of its token hash. It names a session to the
// administrator and inside signed download links; it is neither the token nor the whole hash, and
// finding a session by it also needs the user it belongs to.
export const SESSION_ID_LENGTH = 16

export function sessionIdOf(tokenHash: string): string {
  return tokenHash.slice(0, SESSION_ID_LENGTH)
}

export function isSessionId(value: string): boolean {
  return /^[0-9a-f]{16}$/.test(value)
}
