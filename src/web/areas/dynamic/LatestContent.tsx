// The home page's news: the latest published items for the user's roles (pinned first), each opening in a
// drawer, so readers without the dynamic-content screens read them too; a link to all news for those who
// have them.
import { Trans } from '@lingui/react/macro'
import { Anchor, Group, SimpleGrid, Stack, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { holds } from '../../../shared/access'
import { contentFeedQuery } from '../../api/queries/content'
import { useMe } from '../../session/use-session'
import { ContentDrawer } from './ContentDrawer'
import { ContentCard } from './content-parts'

export function LatestContent() {
  const me = useMe()
  const feed = useQuery({
    ...contentFeedQuery({ page: 1, pageSize: 3 }),
    meta: { localized: true, silent: true },
  })
  const [open, setOpen] = useState<string | null>(null)
  if (!feed.data || feed.data.list.length === 0) return null
  return (
    <Stack gap="sm" data-testid="home-news">
      <Group justify="space-between">
        <Title order={3} fz={16} c="dark.5">
          <Trans>News</Trans>
        </Title>
        {holds(me, 'dynamicManage:view') ? (
          <Anchor component={Link} to="/dynamicManage/index" fz="sm">
            <Trans>All news</Trans>
          </Anchor>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {feed.data.list.map((item) => (
          <ContentCard key={item.id} item={item} onOpen={(i) => setOpen(i.id)} />
        ))}
      </SimpleGrid>
      <ContentDrawer id={open} onClose={() => setOpen(null)} />
    </Stack>
  )
}
