// /share/:token: the page a share link opens, without an account and outside the signed-in shell. Its words
// are not among those loaded before sign-in, so the whole catalog of the language shown is fetched first.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PublicSharePage } from '../areas/shares/PublicSharePage'
import { loadWholeCatalog } from '../i18n/i18n'

export const Route = createFileRoute('/share/$token')({
  staticData: { title: msg`Shared works` },
  beforeLoad: () => loadWholeCatalog(),
  component: function SharedWorksRoute() {
    const { token } = Route.useParams()
    return <PublicSharePage token={token} />
  },
})
