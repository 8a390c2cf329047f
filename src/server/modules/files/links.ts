// Short-lived signed download links: a browser opening a file in a new window, an <img> or a <video>
// sends no headers, so the URL itself carries who asked, from which session, until when, and an HMAC over
// all of it. A link works only while that session does (files/routes.ts checks it on every use), so a
// sign-out, a password change or an administrator ending the session ends its links too.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { EXPORT_API } from '../../../shared/contracts/exports'
import { type Disposition, FILE_API } from '../../../shared/contracts/files'
import { IIIF_API } from '../../../shared/contracts/iiif'
import { isSessionId } from '../auth/session-id'

/**
 * What a link opens: the file itself or its thumbnail (a thumbnail link cannot fetch the original), a
 * full export's archive (`fileId` is then the export job's id), or an artwork's IIIF manifest (`fileId` is
 * then the artwork's id). A file link also opens that file's IIIF image service (iiif/routes.ts).
 */
export type LinkTarget = 'file' | 'thumbnail' | 'export' | 'manifest'

const LINK_PATHS: Record<LinkTarget, (id: string) => string> = {
  file: FILE_API.download,
  thumbnail: FILE_API.thumbnail,
  export: EXPORT_API.download,
  manifest: IIIF_API.manifest,
}

export interface LinkClaims {
  target: LinkTarget
  fileId: string
  disposition: Disposition
  /** Unix seconds. */
  exp: number
  userId: string
  /** The issuing session: the start of its token hash (`sessionIdOf`), never the token or its whole hash. */
  sessionId: string
}

function signature(secret: string, claims: LinkClaims): string {
  const payload = [
    'v2',
    claims.target,
    claims.fileId,
    claims.disposition,
    claims.exp,
    claims.userId,
    claims.sessionId,
  ].join('\n')
  return createHmac('sha256', secret).update(payload).digest('base64url')
}

/**
 * The expiry of links issued now: the TTL, rounded up to the next minute so that the same file asked for
 * twice within a minute gets the same URL (and the browser's cache can answer the second time).
 */
export function linkExpiry(ttlSeconds: number, nowMs = Date.now()): number {
  return Math.ceil((nowMs / 1000 + ttlSeconds) / 60) * 60
}

export function signedUrl(secret: string, claims: LinkClaims): string {
  const base = LINK_PATHS[claims.target](claims.fileId)
  const query = new URLSearchParams({
    disposition: claims.disposition,
    exp: String(claims.exp),
    u: claims.userId,
    s: claims.sessionId,
    sig: signature(secret, claims),
  })
  return `${base}?${query}`
}

/** The query of a link as received. */
export interface LinkQuery {
  disposition?: string
  exp?: string
  u?: string
  s?: string
  sig?: string
}

/** The claims of a genuine, unexpired link for this target and file; null when forged, altered or expired. */
export function verifyLink(
  secret: string,
  target: LinkTarget,
  fileId: string,
  query: LinkQuery,
  nowMs = Date.now(),
): LinkClaims | null {
  const { disposition, exp, u, s, sig } = query
  if (!exp || !u || !s || !sig || !/^\d{1,12}$/.test(exp) || u.length > 64 || sig.length > 100) return null
  if (!isSessionId(s)) return null
  if (disposition !== 'inline' && disposition !== 'attachment') return null
  const claims: LinkClaims = { target, fileId, disposition, exp: Number(exp), userId: u, sessionId: s }
  const expected = Buffer.from(signature(secret, claims))
  const given = Buffer.from(sig)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  if (claims.exp * 1000 <= nowMs) return null
  return claims
}

/** What a share's image link names: the share it was issued for, instead of a user and a session. */
export interface ShareLinkClaims {
  target: LinkTarget
  fileId: string
  shareId: string
  /** Unix seconds. */
  exp: number
}

function shareSignature(secret: string, claims: ShareLinkClaims): string {
  // Its own first line: a share link's signature never verifies as a user's link, nor the reverse.
  const payload = ['share-v1', claims.target, claims.fileId, claims.shareId, claims.exp].join('\n')
  return createHmac('sha256', secret).update(payload).digest('base64url')
}

/**
 * A share's image link (the share is checked again at every use: public/routes.ts). Its signature travels as
 * `signature`, not `sig`: the link opens one image of one share, never a file by a user's session.
 */
export function signedShareUrl(secret: string, claims: ShareLinkClaims): string {
  const query = new URLSearchParams({
    share: claims.shareId,
    target: claims.target,
    exp: String(claims.exp),
    signature: shareSignature(secret, claims),
  })
  return `/api/public/share-files/${claims.fileId}?${query}`
}

/** The claims of a genuine, unexpired share link; null when forged, altered or expired. */
export function verifyShareLink(
  secret: string,
  fileId: string,
  query: { share?: string; target?: string; exp?: string; signature?: string },
  nowMs = Date.now(),
): ShareLinkClaims | null {
  const { share, target, exp, signature: sig } = query
  if (!share || !exp || !sig || !/^\d{1,12}$/.test(exp) || share.length > 64 || sig.length > 100) return null
  if (target !== 'file' && target !== 'thumbnail') return null
  const claims: ShareLinkClaims = { target, fileId, shareId: share, exp: Number(exp) }
  const expected = Buffer.from(shareSignature(secret, claims))
  const given = Buffer.from(sig)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  if (claims.exp * 1000 <= nowMs) return null
  return claims
}
