// The root of every screen: the narrow-screen notice, the browser tab's title, the 404 page for unknown
// paths and the page shown when a screen fails.
import { useLingui } from '@lingui/react/macro'
import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import type { RouterContext } from '../router'
import { ErrorScreen } from '../shell/ErrorScreen'
import { NarrowScreenNotice } from '../shell/NarrowScreenNotice'
import { NotFoundScreen } from '../shell/NotFoundScreen'
import { titleText } from '../shell/route-meta'
import { useCrumbs } from '../shell/use-route-title'

function DocumentTitle() {
  const { i18n, t } = useLingui()
  const crumbs = useCrumbs()
  const last = crumbs[crumbs.length - 1]
  const product = t`Vitrine Collection Management`
  const title = last ? `${titleText(i18n, last.title)} · ${product}` : product
  useEffect(() => {
    document.title = title
  }, [title])
  return null
}

function Root() {
  // A share link's page is made for any screen, a phone first: the notice is the office's, not the recipient's.
  const sharePage = useRouterState({ select: (s) => s.location.pathname.startsWith('/share/') })
  return (
    <>
      <DocumentTitle />
      {sharePage ? null : <NarrowScreenNotice />}
      <Outlet />
    </>
  )
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFoundScreen,
  errorComponent: ErrorScreen,
})
