// The titles of the matched routes, outermost first: breadcrumbs and the browser tab read them.
import type { MessageDescriptor } from '@lingui/core'
import { useMatches } from '@tanstack/react-router'

export interface Crumb {
  id: string
  title: MessageDescriptor
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
