// Security headers on every answer: the web app gets a strict Content-Security-Policy
// (no inline script, never framed); API answers get a policy that lets them run nothing, `no-store`
// unless the route chose its own caching (signed file links do), and files shown in the app's own
// preview frame may be framed by the app itself, never by another site.
import type { MiddlewareHandler } from 'hono'

/** The web app: scripts only from our origin (the Vite build has no inline script), never framed. */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Mantine and Mermaid set style attributes and <style> elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  // The archive previews PDFs in a frame of a signed /api/file link (same origin).
  "frame-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/** JSON answers: nothing in them may run or load anything, and no page may frame them. */
export const API_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

/**
 * Stored files served by the API (images, video, PDF): still nothing runs (an uploaded SVG or HTML file
 * opened directly cannot script our origin), and only the app itself may frame them (the PDF preview).
 */
export const FILE_CSP =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'"

export const REFERRER_POLICY = 'no-referrer'

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/')
}

/** Set the headers after the handler ran, so they also cover static files and index.html added later. */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    let headers = c.res.headers
    try {
      headers.set('x-content-type-options', 'nosniff')
    } catch {
      // A response with immutable headers (one fetched from elsewhere): copy it once.
      c.res = new Response(c.res.body, c.res)
      headers = c.res.headers
    }
    const set = (name: string, value: string) => {
      if (!headers.has(name)) headers.set(name, value)
    }
    headers.set('x-content-type-options', 'nosniff')
    set('referrer-policy', REFERRER_POLICY)
    set('cross-origin-opener-policy', 'same-origin')
    if (isApiPath(c.req.path)) {
      const type = headers.get('content-type') ?? ''
      const isFile = headers.has('content-disposition') && !type.includes('application/json')
      set('content-security-policy', isFile ? FILE_CSP : API_CSP)
      set('x-frame-options', isFile ? 'SAMEORIGIN' : 'DENY')
      set('cache-control', 'no-store')
    } else {
      set('content-security-policy', APP_CSP)
      set('x-frame-options', 'DENY')
    }
  }
}
