// Where sign-in returns to: only a path of this app, whatever the address's `redirect` says; the search
// validators of /login and /loginFail give the refused value back as undefined (which overrides the raw
// search the router merges under it).
import { describe, expect, it } from 'vitest'
import { validateLoginFailSearch, validateLoginSearch } from '../../../src/web/areas/auth/login-search'
import { afterSignIn, safeRedirect } from '../../../src/web/session/safe-redirect'

const HOSTILE: unknown[] = [
  'https://evil.example',
  'http://evil.example/artworkArchive/index',
  'HTTPS://evil.example',
  'https:evil.example',
  'https:/\\evil.example',
  '//evil.example',
  '//evil.example/x',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'javascript://%0aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '%2F%2Fevil.example',
  '/%2F%2Fevil.example',
  '/%2f/evil.example',
  '/%5Cevil.example',
  '/..//evil.example',
  '/.//evil.example',
  '/./\\evil.example',
  ' /artworkArchive/index',
  '\t/artworkArchive/index',
  '\n//evil.example',
  '\u00a0/artworkArchive/index',
  '\u3000/artworkArchive/index',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '/artworkArchive/index\u0000',
  '/%E0%A4%A',
  'evil.example',
  '',
  '/login',
  '/login?redirect=%2F',
  '/loginFail?reason=locked',
  `/${'a'.repeat(2001)}`,
  42,
  null,
  undefined,
  ['/artworkArchive/index'],
  { toString: () => '/artworkArchive/index' },
]

describe('the return path after signing in', () => {
  it('follows a path of this app, with its query and fragment', () => {
    expect(safeRedirect('/artworkArchive/index?page=2')).toBe('/artworkArchive/index?page=2')
    expect(safeRedirect('/devOpsManage/transport?tab=2#top')).toBe('/devOpsManage/transport?tab=2#top')
    expect(safeRedirect('/')).toBe('/')
    expect(safeRedirect('/artworkArchive/index?redirect=https%3A%2F%2Fx')).toBe(
      '/artworkArchive/index?redirect=https%3A%2F%2Fx',
    )
    expect(afterSignIn('/artworkArchive/index')).toBe('/artworkArchive/index')
  })

  it('refuses every other value, and afterSignIn leads home instead', () => {
    for (const value of HOSTILE) {
      expect(safeRedirect(value), JSON.stringify(String(value))).toBeUndefined()
      expect(afterSignIn(value), JSON.stringify(String(value))).toBe('/')
    }
  })

  it('never returns anything a browser would read as another host', () => {
    const tricky = ['/a/../..//evil.example', '/a/..//evil.example', '/./../\\evil.example', '/%2e%2e//evil']
    for (const value of tricky) {
      const path = afterSignIn(value)
      expect(path.startsWith('/'), value).toBe(true)
      expect(/^\/[/\\]/.test(path), `${value} → ${path}`).toBe(false)
      expect(new URL(path, 'https://vitrine.example').origin).toBe('https://vitrine.example')
    }
  })

  it('is what the sign-in pages’ search validators keep', () => {
    expect(validateLoginSearch({ redirect: 'https://evil.example' })).toEqual({ redirect: undefined })
    expect(Object.hasOwn(validateLoginSearch({ redirect: '//evil.example' }), 'redirect')).toBe(true)
    expect(validateLoginSearch({ redirect: '/valueManage/index' })).toEqual({
      redirect: '/valueManage/index',
    })
    expect(validateLoginFailSearch({ reason: 'locked', redirect: 'javascript:alert(1)' })).toEqual({
      reason: 'locked',
      redirect: undefined,
    })
  })
})
