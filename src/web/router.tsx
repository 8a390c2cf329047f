// The router, built by a factory with its context (the query client) and registered for types. History
// mode; unknown paths render the root's 404 page; every navigation that changes the URL scrolls to the top.
import type { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { routeTree } from './routeTree.gen'
import { PendingScreen } from './shell/PendingScreen'
import './shell/route-meta'

export interface RouterContext {
  queryClient: QueryClient
}

export function createAppRouter(context: RouterContext) {
  const router = createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    notFoundMode: 'root',
    defaultPendingComponent: PendingScreen,
    defaultPendingMs: 300,
  })
  // Once the new location is resolved, and again once its screen has rendered (under load a screen can
  // render after the resolution and keep the old page's scroll position).
  const toTop = (event: { hrefChanged: boolean }) => {
    if (event.hrefChanged && typeof window !== 'undefined') window.scrollTo({ top: 0, left: 0 })
  }
  router.subscribe('onResolved', toTop)
  router.subscribe('onRendered', toTop)
  return router
}

export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
