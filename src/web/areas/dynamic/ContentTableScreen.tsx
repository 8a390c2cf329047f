// /dynamicManage/table: every item for the staff who write them — drafts, published and withdrawn — with
// kind, status, audience, when published and who changed it last; filters (kind, status, title) and the
// page in the URL. A title opens the item's page (a link), Edit the editor; Publish and Withdraw ask first
// and say how many were told.
import { useLingui as useLinguiCore } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Select, Skeleton, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import {
  CONTENT_KINDS,
  CONTENT_STATUSES,
  type ContentKind,
  type ContentStatus,
  type ContentView,
} from '../../../shared/contracts/content'
import { contentKeys, contentManageQuery, publishContent, withdrawContent } from '../../api/queries/content'
import { ConfirmModal } from '../../forms/ConfirmModal'
import { FilterBar, SearchFilter } from '../../forms/FilterBar'
import { formatDateTime } from '../../i18n/format'
import { PageHeader } from '../../shell/PageHeader'
import { AnchorLink, ButtonLink } from '../archive/router-links'
import { type Column, OpList } from '../operations/parts'
import { useLang } from '../process/machine-words'
import { DETAIL_PATH, KIND_WORDS, KindBadge, STATUS_WORDS, StatusBadge } from './content-parts'

export const TABLE_PAGE_SIZE = 20

export interface ContentTableSearch {
  kind?: ContentKind
  status?: ContentStatus
  q?: string
  page?: number
}

export const tableFilters = (s: ContentTableSearch) => ({
  ...s,
  page: s.page ?? 1,
  pageSize: TABLE_PAGE_SIZE,
})

type Acting = { action: 'publish' | 'withdraw'; item: ContentView } | null

export function ContentTableScreen({
  search,
  onSearch,
}: {
  search: ContentTableSearch
  onSearch: (next: ContentTableSearch, options?: { replace?: boolean }) => void
}) {
  const { t } = useLingui()
  const { i18n } = useLinguiCore()
  const lang = useLang()
  const navigate = useNavigate()
  const list = useQuery(contentManageQuery(tableFilters(search)))
  const [acting, setActing] = useState<Acting>(null)
  const columns: Column<ContentView>[] = [
    {
      key: 'title',
      header: <Trans context="news">Title</Trans>,
      primary: true,
      miw: 220,
      cell: (c) => (
        <Stack gap={2}>
          <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {c.title}
          </Text>
          <KindBadge kind={c.kind} />
        </Stack>
      ),
    },
    { key: 'status', header: <Trans>Status</Trans>, cell: (c) => <StatusBadge status={c.status} /> },
    {
      key: 'audience',
      header: <Trans>Audience</Trans>,
      cell: (c) =>
        c.audience.length === 0 ? (
          <Trans>Everyone</Trans>
        ) : (
          c.audience.map((r) => r.name).join(lang === 'en' ? ', ' : '、')
        ),
    },
    {
      key: 'published',
      header: <Trans>Published</Trans>,
      cell: (c) => (c.publishedAt ? formatDateTime(c.publishedAt, lang) : '—'),
    },
    {
      key: 'updated',
      header: <Trans>Last changed</Trans>,
      cell: (c) => `${formatDateTime(c.updatedAt, lang)}${c.updatedByName ? ` · ${c.updatedByName}` : ''}`,
    },
    {
      key: 'actions',
      header: <Trans>Actions</Trans>,
      cell: (c) => (
        // biome-ignore lint/a11y/noStaticElementInteractions: stops the row's click only
        // biome-ignore lint/a11y/useKeyWithClickEvents: as above
        <div onClick={(e) => e.stopPropagation()}>
          <Group gap={6} wrap="wrap">
            <ButtonLink
              size="compact-xs"
              variant="light"
              to="/dynamicManage/createMessage"
              search={{ id: c.id }}
              data-testid="content-edit"
            >
              <Trans>Edit</Trans>
            </ButtonLink>
            {c.status === 'published' ? (
              <Button
                size="compact-xs"
                variant="subtle"
                color="orange"
                onClick={() => setActing({ action: 'withdraw', item: c })}
                data-testid="content-withdraw"
              >
                <Trans>Withdraw</Trans>
              </Button>
            ) : (
              <Button
                size="compact-xs"
                onClick={() => setActing({ action: 'publish', item: c })}
                data-testid="content-publish-row"
              >
                <Trans>Publish</Trans>
              </Button>
            )}
          </Group>
        </div>
      ),
    },
  ]
  return (
    <>
      <PageHeader
        description={
          <Trans>
            Every item, drafts and withdrawn ones too. Publishing tells each reader of its audience in the
            message centre; withdrawing takes it out of their news and their messages.
          </Trans>
        }
        actions={
          <Button component={Link} to="/dynamicManage/createMessage" data-testid="content-new">
            <Trans>New item</Trans>
          </Button>
        }
      />
      <Stack gap="md">
        <FilterBar>
          <SearchFilter
            label={t`Search by title`}
            value={search.q}
            onSearch={(q) => onSearch({ ...search, q, page: undefined }, { replace: true })}
            w={260}
            testId="content-search"
          />
          <Select
            label={t`Kind`}
            placeholder={t`Every kind`}
            clearable
            data={CONTENT_KINDS.map((k) => ({ value: k, label: i18n._(KIND_WORDS[k]) }))}
            value={search.kind ?? null}
            onChange={(v) => onSearch({ ...search, kind: (v as ContentKind) ?? undefined, page: undefined })}
            w={200}
            maw="100%"
          />
          <Select
            label={t`Status`}
            placeholder={t`Every status`}
            clearable
            data={CONTENT_STATUSES.map((s) => ({ value: s, label: i18n._(STATUS_WORDS[s]) }))}
            value={search.status ?? null}
            onChange={(v) =>
              onSearch({ ...search, status: (v as ContentStatus) ?? undefined, page: undefined })
            }
            w={200}
            maw="100%"
            data-testid="content-status-filter"
          />
        </FilterBar>
        {list.isPending ? (
          <Skeleton h={200} />
        ) : list.isError ? (
          <Text c="dimmed" fz="sm">
            <Trans>The items could not be loaded. It will be tried again shortly.</Trans>
          </Text>
        ) : (
          <OpList
            rows={list.data.list}
            rowKey={(c) => c.id}
            columns={columns}
            onOpen={(c) => void navigate({ to: DETAIL_PATH[c.kind], search: { id: c.id } })}
            rowLink={(c, headline) => (
              <AnchorLink
                to={DETAIL_PATH[c.kind]}
                search={() => ({ id: c.id })}
                underline="hover"
                data-testid="content-link"
              >
                {headline}
              </AnchorLink>
            )}
            total={list.data.total}
            page={search.page ?? 1}
            pageSize={TABLE_PAGE_SIZE}
            onPage={(page) => onSearch({ ...search, page: page > 1 ? page : undefined })}
            empty={<Trans>No item matches. Write one with “New item”.</Trans>}
            testId="content-table"
          />
        )}
      </Stack>
      <ActModal acting={acting} onClose={() => setActing(null)} />
    </>
  )
}

function ActModal({ acting, onClose }: { acting: Acting; onClose: () => void }) {
  const { t } = useLingui()
  return (
    <ConfirmModal
      subject={acting}
      title={(a) => {
        const title = a.item.title
        return a.action === 'publish' ? t`Publish “${title}”?` : t`Withdraw “${title}”?`
      }}
      effect={(a) =>
        a.action === 'publish' ? (
          <Trans>
            Each reader of its audience gets a message, and sees it in the news and on the home page.
          </Trans>
        ) : (
          <Trans>It leaves its readers' news and their messages. You can publish it again later.</Trans>
        )
      }
      confirm={(a) =>
        a.action === 'publish'
          ? { label: <Trans>Publish</Trans> }
          : { label: <Trans>Withdraw</Trans>, color: 'orange' }
      }
      send={async (a) =>
        a.action === 'publish'
          ? (await publishContent(a.item.id)).recipients
          : await withdrawContent(a.item.id).then(() => null)
      }
      done={(recipients) => (recipients === null ? t`Withdrawn` : t`Published to ${recipients} people`)}
      invalidate={contentKeys.all}
      testId="content-confirm"
      onClose={onClose}
    />
  )
}
