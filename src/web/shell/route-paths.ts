// The app's own paths as a type (TanStack Router's generated route tree): lists of links written in the web
// (the home page's shortcuts, the process launcher's start points) name them so a typo fails the typecheck.
import type { FileRoutesByTo } from '../routeTree.gen'

/** A path the router has a screen for, as links take it. */
export type AppPath = keyof FileRoutesByTo
