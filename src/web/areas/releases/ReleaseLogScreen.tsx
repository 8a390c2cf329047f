// /versionLog/index: the published releases, newest first, each with its date and notes in the language shown.
import { Trans } from '@lingui/react/macro'
import { Card, Divider, Group, Pagination, Skeleton, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Fragment } from 'react'
import { RELEASES_PAGE_SIZE, releaseLogQuery } from '../../api/queries/releases'
import { PageHeader } from '../../shell/PageHeader'
import { ListEmpty } from '../process/list-parts'
import { ReleaseBlock } from './release-parts'

export function ReleaseLogScreen({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const log = useQuery(releaseLogQuery(page))
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / RELEASES_PAGE_SIZE)) : 1
  return (
    <>
      <PageHeader description={<Trans>What changed in each release of the system, newest first.</Trans>} />
      {log.isPending ? (
        <Skeleton h={200} />
      ) : log.isError ? (
        <Text c="dimmed" fz="sm">
          <Trans>The release notes could not be loaded. It will be tried again shortly.</Trans>
        </Text>
      ) : log.data.list.length === 0 ? (
        <ListEmpty
          title={<Trans>No releases yet</Trans>}
          description={<Trans>When a release is published, its notes appear here.</Trans>}
          testId="release-log-empty"
        />
      ) : (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md" data-testid="release-log">
            {log.data.list.map((r, i) => (
              <Fragment key={r.id}>
                {i > 0 ? <Divider /> : null}
                <ReleaseBlock release={r} />
              </Fragment>
            ))}
          </Stack>
          {pages > 1 ? (
            <Group justify="flex-end" mt="md">
              <Pagination total={pages} value={page} onChange={onPage} size="sm" />
            </Group>
          ) : null}
        </Card>
      )}
    </>
  )
}
