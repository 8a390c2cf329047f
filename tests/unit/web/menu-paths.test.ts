// The side menu (src/shared/menu.ts, shared with the server, which filters it by privilege) names screens by
// path as plain strings; this checks each one against the web's routes (TanStack Router's generated tree,
// `npm run routes`), so a menu entry for a screen that does not exist or was renamed fails here.
import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { MENU, type MenuItem } from '../../../src/shared/menu'
import { routeTree } from '../../../src/web/routeTree.gen'

const pathsOf = (items: MenuItem[]): string[] => items.flatMap((i) => [i.path, ...pathsOf(i.children ?? [])])

/** Every full path the router matches (an index route's trailing slash dropped). */
function routePaths(): Set<string> {
  const router = createRouter({ routeTree, context: { queryClient: new QueryClient() } })
  return new Set(Object.keys(router.routesByPath).map((p) => (p.length > 1 ? p.replace(/\/$/, '') : p)))
}

describe('the side menu', () => {
  const known = routePaths()
  it('names only paths the router knows', () => {
    expect(known.size).toBeGreaterThan(20)
    expect(pathsOf(MENU).filter((p) => !known.has(p))).toEqual([])
  })
  it('the check fails on an unknown path', () => {
    expect(known.has('/devOpsManage/initiateBuy')).toBe(true)
    expect(known.has('/devOpsManage/initiateBuyy')).toBe(false)
  })
})
