// The titles of the matched routes, outermost first: breadcrumbs and the browser tab read them.
import { useMatches } from '@tanstack/react-router'
import type { RouteTitle } from './route-meta'

export interface Crumb {
  id: string
  title: RouteTitle
  to: string
  /** The link keeps the address's search. */
  keepsSearch?: boolean
}

export function useCrumbs(): Crumb[] {
  const matches = useMatches()
  return matches.flatMap((m) =>
    m.staticData?.title
      ? [
          {
            id: m.id,
            title: m.staticData.title,
            to: m.staticData.crumbTo ?? m.pathname,
            keepsSearch: m.staticData.crumbKeepsSearch,
          },
        ]
      : [],
  )
}
