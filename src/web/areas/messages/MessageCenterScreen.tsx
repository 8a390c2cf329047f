// /messageCenter/index: every message of the user, newest first — process events, reminders, escalations and
// published news — read or unread, filtered by kind (in words) or to the unread ones, paged; each marks read
// when opened and leads to its process (named by its type) or opens the item it announces in a drawer.
// "Mark all read" empties the bell's message count. Filters, page and the opened item live in the URL.
import { useLingui as useLinguiCore } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { MessageKind, MessageView } from '../../../shared/contracts/process'
import {
  invalidateMessages,
  MESSAGES_PAGE_SIZE,
  type MessageFilters,
  markAllMessagesRead,
  markMessageRead,
  messageCentreQuery,
} from '../../api/queries/messages'
import { FilterBar } from '../../forms/FilterBar'
import { showSuccess } from '../../forms/notify'
import { formatDateTime } from '../../i18n/format'
import { PageHeader } from '../../shell/PageHeader'
import { ContentDrawer } from '../dynamic/ContentDrawer'
import { ListEmpty } from '../process/list-parts'
import { typeLabel, useLang } from '../process/machine-words'
import { KIND_COLORS, MESSAGE_KIND_CHOICES, MESSAGE_KIND_WORDS, targetOf } from './message-words'

export interface MessageCenterSearch extends MessageFilters {
  /** The published item opened in the drawer. */
  content?: string
}

export function MessageCenterScreen({
  search,
  onSearch,
}: {
  search: MessageCenterSearch
  onSearch: (next: MessageCenterSearch, options?: { replace?: boolean }) => void
}) {
  const { t } = useLingui()
  const { i18n } = useLinguiCore()
  const queryClient = useQueryClient()
  const { content, ...filters } = search
  const list = useQuery(messageCentreQuery(filters))
  const readAll = useMutation({
    mutationFn: markAllMessagesRead,
    onSuccess: ({ count }) => {
      showSuccess(count > 0 ? t`${count} messages marked read` : t`Every message was already read`)
      invalidateMessages(queryClient)
    },
  })
  const set = (patch: Partial<MessageCenterSearch>) => onSearch({ ...search, page: undefined, ...patch })
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / MESSAGES_PAGE_SIZE)) : 1
  return (
    <>
      <PageHeader
        description={
          <Trans>
            Everything the system told you: steps waiting for you, decisions, reminders, escalations and the
            office's news. Open a message to go to its process or read its item.
          </Trans>
        }
        actions={
          <Button
            variant="light"
            onClick={() => readAll.mutate()}
            loading={readAll.isPending}
            data-testid="messages-read-all"
          >
            <Trans>Mark all read</Trans>
          </Button>
        }
      />
      <Stack gap="md">
        <FilterBar>
          <SegmentedControl
            value={search.unread ? 'unread' : 'all'}
            onChange={(v) => set({ unread: v === 'unread' ? 1 : undefined })}
            data={[
              { value: 'all', label: t`All` },
              { value: 'unread', label: t`Unread` },
            ]}
            aria-label={t`Which messages`}
            data-testid="messages-unread"
          />
          <Select
            label={t`Kind`}
            placeholder={t`Every kind`}
            clearable
            data={MESSAGE_KIND_CHOICES.map((k) => ({ value: k, label: i18n._(MESSAGE_KIND_WORDS[k]) }))}
            value={search.kind ?? null}
            onChange={(v) => set({ kind: (v as MessageKind | null) ?? undefined })}
            w={240}
            maw="100%"
            data-testid="messages-kind"
          />
        </FilterBar>
        {list.isPending ? (
          <Skeleton h={200} />
        ) : list.isError ? (
          <Text c="dimmed" fz="sm">
            <Trans>The messages could not be loaded. It will be tried again shortly.</Trans>
          </Text>
        ) : list.data.list.length === 0 ? (
          <ListEmpty
            title={<Trans>No messages</Trans>}
            description={
              search.unread || search.kind ? (
                <Trans>Nothing matches these filters.</Trans>
              ) : (
                <Trans>When something needs you, or the office publishes news, it arrives here.</Trans>
              )
            }
            testId="messages-empty"
          />
        ) : (
          <Card withBorder radius="md" padding={0}>
            <Stack gap={0} data-testid="message-list">
              {list.data.list.map((m) => (
                <MessageLine
                  key={m.id}
                  message={m}
                  onOpenContent={(id) => onSearch({ ...search, content: id })}
                />
              ))}
            </Stack>
            <Group justify="space-between" px="md" py="sm" wrap="wrap">
              <Text fz="sm" c="dimmed" data-testid="messages-total">
                <Trans>{list.data.total} messages</Trans>
              </Text>
              {pages > 1 ? (
                <Pagination
                  total={pages}
                  value={search.page ?? 1}
                  onChange={(page) => onSearch({ ...search, page: page > 1 ? page : undefined })}
                  size="sm"
                />
              ) : null}
            </Group>
          </Card>
        )}
      </Stack>
      <ContentDrawer id={content ?? null} onClose={() => onSearch({ ...search, content: undefined })} />
    </>
  )
}

function MessageLine({
  message: m,
  onOpenContent,
}: {
  message: MessageView
  onOpenContent: (id: string) => void
}) {
  const lang = useLang()
  const { i18n } = useLinguiCore()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const target = targetOf(m)
  const markRead = useMutation({
    mutationFn: () => markMessageRead(m.id),
    onSuccess: () => invalidateMessages(queryClient),
  })
  const open = () => {
    if (!m.read) markRead.mutate()
    if (target.to === 'process')
      void navigate({ to: '/devOpsManage/index', search: { process: target.processId } })
    else if (target.to === 'content') onOpenContent(target.contentId)
  }
  return (
    <Group
      justify="space-between"
      align="flex-start"
      wrap="nowrap"
      gap="sm"
      px="md"
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      data-message-id={m.id}
      data-read={m.read ? '1' : '0'}
    >
      <UnstyledButton onClick={open} style={{ flex: 1, minWidth: 0 }} data-testid="message-open">
        <Stack gap={4}>
          <Group gap={6} wrap="wrap">
            {m.read ? null : (
              <Badge size="xs" variant="filled" radius="sm" data-testid="message-unread">
                <Trans>New</Trans>
              </Badge>
            )}
            <Badge size="xs" variant="light" radius="sm" color={KIND_COLORS[m.kind] ?? 'gray'}>
              {i18n._(MESSAGE_KIND_WORDS[m.kind])}
            </Badge>
            {target.to === 'process' && m.processType ? (
              <Text fz="xs" c="dimmed">
                {typeLabel(m.processType, lang)}
              </Text>
            ) : null}
            {m.processId && (lang === 'en' ? m.subjectEn : m.subjectZh) ? (
              <Text fz="xs" fw={500} data-testid="message-subject" style={{ overflowWrap: 'anywhere' }}>
                {lang === 'en' ? m.subjectEn : m.subjectZh}
              </Text>
            ) : null}
          </Group>
          <Text fz="sm" fw={m.read ? 400 : 600} style={{ overflowWrap: 'anywhere' }}>
            {m.title}
          </Text>
          {m.body ? (
            <Text fz="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {m.body}
            </Text>
          ) : null}
          <Text fz="xs" c="dimmed">
            {m.senderName ? `${m.senderName} · ` : ''}
            {formatDateTime(m.createdAt, lang)}
            {target.to === 'none' && m.kind === 'content' ? (
              <>
                {' · '}
                <Trans>no longer available</Trans>
              </>
            ) : null}
          </Text>
        </Stack>
      </UnstyledButton>
      {m.read ? null : (
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => markRead.mutate()}
          loading={markRead.isPending}
          data-testid="message-mark-read"
        >
          <Trans>Mark read</Trans>
        </Button>
      )}
    </Group>
  )
}
