// /dynamicManage/detail with its children (exhibition, message): one item's page, with the way back to the
// news above it.
import { Trans } from '@lingui/react/macro'
import { Anchor } from '@mantine/core'
import { Link, Outlet } from '@tanstack/react-router'

export function DynamicDetailLayout() {
  return (
    <>
      <Anchor component={Link} to="/dynamicManage/index" fz="sm" mb="sm" display="inline-block">
        <Trans>← Back to the news</Trans>
      </Anchor>
      <Outlet />
    </>
  )
}
