// /share/:token: the page a share link opens, without an account and outside the signed-in shell.
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PublicSharePage } from '../areas/shares/PublicSharePage'

export const Route = createFileRoute('/share/$token')({
  staticData: { title: msg`Shared works` },
  component: function SharedWorksRoute() {
    const { token } = Route.useParams()
    return <PublicSharePage token={token} />
  },
})
