// /dynamicManage/detail with its children: tabs for the item, its exhibition and its message.
import { Trans } from '@lingui/react/macro'
import { Tabs } from '@mantine/core'
import { Outlet, useLocation, useNavigate } from '@tanstack/react-router'

const TABS = [
  '/dynamicManage/detail',
  '/dynamicManage/detail/exhibition',
  '/dynamicManage/detail/message',
] as const

export function DynamicDetailLayout() {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const current = TABS.find((t) => pathname.replace(/\/$/, '') === t) ?? TABS[0]
  return (
    <>
      <Tabs
        value={current}
        onChange={(value) => value && void navigate({ to: value as (typeof TABS)[number] })}
        mb="md"
      >
        <Tabs.List>
          <Tabs.Tab value={TABS[0]}>
            <Trans>Overview</Trans>
          </Tabs.Tab>
          <Tabs.Tab value={TABS[1]}>
            <Trans>Exhibition</Trans>
          </Tabs.Tab>
          <Tabs.Tab value={TABS[2]}>
            <Trans>Message</Trans>
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  )
}
