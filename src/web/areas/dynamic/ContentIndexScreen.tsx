// /dynamicManage/index: the latest published news for the user's roles — exhibitions and office messages,
// pinned first — as cards (the kind and the page in the URL); each opens its own page. Staff who write also
// get "New item" and the full table.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Pagination, SegmentedControl, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { holds } from '../../../shared/access'
import type { ContentKind } from '../../../shared/contracts/content'
import { contentFeedQuery } from '../../api/queries/content'
import { useMe } from '../../session/use-session'
import { PageHeader } from '../../shell/PageHeader'
import { ListEmpty } from '../process/list-parts'
import { ContentCard, DETAIL_PATH } from './content-parts'

export const FEED_PAGE_SIZE = 12

export interface ContentIndexSearch {
  kind?: ContentKind
  page?: number
}

export const feedFilters = (s: ContentIndexSearch) => ({
  ...(s.kind ? { kind: s.kind } : {}),
  page: s.page ?? 1,
  pageSize: FEED_PAGE_SIZE,
})

export function ContentIndexScreen({
  search,
  onSearch,
}: {
  search: ContentIndexSearch
  onSearch: (next: ContentIndexSearch) => void
}) {
  const { t } = useLingui()
  const me = useMe()
  const navigate = useNavigate()
  const feed = useQuery(contentFeedQuery(feedFilters(search)))
  const mayEdit = holds(me, 'dynamicManage:edit')
  const pages = feed.data ? Math.max(1, Math.ceil(feed.data.total / FEED_PAGE_SIZE)) : 1
  return (
    <>
      <PageHeader
        description={<Trans>Exhibition news and messages from the office, the latest first.</Trans>}
        actions={
          mayEdit ? (
            <>
              <Button component={Link} to="/dynamicManage/table" variant="default">
                <Trans>All items</Trans>
              </Button>
              <Button component={Link} to="/dynamicManage/createMessage" data-testid="content-new">
                <Trans>New item</Trans>
              </Button>
            </>
          ) : null
        }
      />
      <Stack gap="md">
        <SegmentedControl
          value={search.kind ?? 'all'}
          onChange={(v) => onSearch({ kind: v === 'all' ? undefined : (v as ContentKind) })}
          data={[
            { value: 'all', label: t`All` },
            { value: 'exhibition', label: t`Exhibitions` },
            { value: 'message', label: t`Messages` },
          ]}
          aria-label={t`Kind`}
          w="fit-content"
          maw="100%"
          data-testid="content-feed-kind"
        />
        {feed.isPending ? (
          <Skeleton h={220} />
        ) : feed.isError ? (
          <Text c="dimmed" fz="sm">
            <Trans>The news could not be loaded. It will be tried again shortly.</Trans>
          </Text>
        ) : feed.data.list.length === 0 ? (
          <ListEmpty
            title={<Trans>No news yet</Trans>}
            description={<Trans>When the office publishes news for you, it appears here.</Trans>}
            testId="content-feed-empty"
          />
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="content-feed">
              {feed.data.list.map((item) => (
                <ContentCard
                  key={item.id}
                  item={item}
                  onOpen={(i) => void navigate({ to: DETAIL_PATH[i.kind], search: { id: i.id } })}
                />
              ))}
            </SimpleGrid>
            {pages > 1 ? (
              <Group justify="center">
                <Pagination
                  total={pages}
                  value={search.page ?? 1}
                  onChange={(page) => onSearch({ ...search, page: page > 1 ? page : undefined })}
                  size="sm"
                />
              </Group>
            ) : null}
          </>
        )}
      </Stack>
    </>
  )
}
