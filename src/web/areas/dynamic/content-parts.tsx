// The pieces every dynamic-content screen shares: the words of kinds and statuses, an item's facts line
// (kind, where and when, published when), the article itself (cover, summary and the sanitised body the
// server returned), and the card a list shows.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Badge, Card, Group, Image, Stack, Text, Title, Typography, UnstyledButton } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { type RefObject, useEffect, useRef, useState } from 'react'
import type { ContentKind, ContentStatus, ContentView } from '../../../shared/contracts/content'
import { contentKeys } from '../../api/queries/content'
import { formatDate, formatDateTime } from '../../i18n/format'
import { useLang } from '../process/machine-words'

export const KIND_WORDS = {
  exhibition: msg`Exhibition news`,
  message: msg`Office message`,
} as const satisfies Record<ContentKind, MessageDescriptor>

export const STATUS_WORDS = {
  draft: msg`Draft`,
  published: msg`Published`,
  withdrawn: msg`Withdrawn`,
} as const satisfies Record<ContentStatus, MessageDescriptor>

export const STATUS_COLORS: Record<ContentStatus, string> = {
  draft: 'gray',
  published: 'teal',
  withdrawn: 'orange',
}

/** The detail screen of an item of this kind (the id travels in the search). */
export const DETAIL_PATH = {
  exhibition: '/dynamicManage/detail/exhibition',
  message: '/dynamicManage/detail/message',
} as const satisfies Record<ContentKind, string>

export function KindBadge({ kind }: { kind: ContentKind }) {
  const { i18n } = useLingui()
  return (
    <Badge variant="light" color={kind === 'exhibition' ? 'grape' : 'blue'} radius="sm">
      {i18n._(KIND_WORDS[kind])}
    </Badge>
  )
}

export function StatusBadge({ status }: { status: ContentStatus }) {
  const { i18n } = useLingui()
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} radius="sm" data-status={status}>
      {i18n._(STATUS_WORDS[status])}
    </Badge>
  )
}

/** When and where an exhibition is, in words ("" for a message or when nothing is set). */
export function whenWhere(item: ContentView, lang: 'zh-CN' | 'en'): string {
  const dates =
    item.startsOn && item.endsOn
      ? `${formatDate(item.startsOn, lang)} – ${formatDate(item.endsOn, lang)}`
      : item.startsOn
        ? formatDate(item.startsOn, lang)
        : item.endsOn
          ? formatDate(item.endsOn, lang)
          : ''
  return [item.venue, dates].filter(Boolean).join(' · ')
}

/** A picture that failed is asked for again no sooner than this: a picture really missing keeps its fallback. */
const PICTURE_RETRY_MS = 30_000

/**
 * An item's pictures (cover and those in its text) come with signed links that run out after a few minutes,
 * so a reader who leaves an item open, or comes back to it from the cache, would meet dead links: the
 * pictures fell back to the default one, or stayed broken, for good. When a picture inside `root` fails, the
 * news is fetched again (fresh links) and the pictures are drawn anew (`round` keys them).
 */
function useFreshPictures(root: RefObject<HTMLElement | null>): number {
  const queryClient = useQueryClient()
  const [round, setRound] = useState(0)
  const last = useRef(0)
  useEffect(() => {
    const element = root.current
    if (!element) return
    const onError = (event: Event) => {
      if (!(event.target instanceof HTMLImageElement)) return
      const now = Date.now()
      if (now - last.current < PICTURE_RETRY_MS) return
      last.current = now
      void queryClient.invalidateQueries({ queryKey: contentKeys.all }).then(() => setRound((r) => r + 1))
    }
    // Capture: an image's error does not bubble.
    element.addEventListener('error', onError, true)
    return () => element.removeEventListener('error', onError, true)
  }, [root, queryClient])
  return round
}

/** One item as its readers see it: title (unless the page's heading says it), facts, cover, summary, body. */
export function ContentArticle({ item, withTitle = true }: { item: ContentView; withTitle?: boolean }) {
  const lang = useLang()
  const place = whenWhere(item, lang)
  const root = useRef<HTMLDivElement>(null)
  const round = useFreshPictures(root)
  return (
    <Stack ref={root} gap="md" data-testid="content-article" data-content-id={item.id}>
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <KindBadge kind={item.kind} />
          {item.status !== 'published' ? <StatusBadge status={item.status} /> : null}
          {item.pinned ? (
            <Badge variant="outline" radius="sm">
              <Trans>Pinned</Trans>
            </Badge>
          ) : null}
        </Group>
        {withTitle ? (
          <Title order={2} fz={22} data-testid="content-title">
            {item.title}
          </Title>
        ) : null}
        <Text fz="sm" c="dimmed">
          {item.publishedAt ? (
            <Trans>Published {formatDateTime(item.publishedAt, lang)}</Trans>
          ) : (
            <Trans>Not published yet</Trans>
          )}
          {item.updatedByName ? ` · ${item.updatedByName}` : ''}
        </Text>
        {place ? (
          <Text fz="sm" data-testid="content-where">
            {place}
          </Text>
        ) : null}
      </Stack>
      {item.coverUrl ? (
        <Image
          key={`cover-${round}`}
          src={item.coverUrl}
          alt=""
          radius="md"
          mah={360}
          fit="cover"
          data-fallback="auction"
        />
      ) : null}
      {item.summary ? (
        <Text fw={500} data-testid="content-summary">
          {item.summary}
        </Text>
      ) : null}
      <Typography data-testid="content-body" style={{ overflowWrap: 'anywhere' }}>
        {/* Sanitised on the server (modules/content/sanitize.ts): an allow-list, no scripts or handlers. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised HTML */}
        <div key={`body-${round}`} dangerouslySetInnerHTML={{ __html: item.body }} />
      </Typography>
    </Stack>
  )
}

/** An item in a list of news: cover, kind, title, summary, when; the whole card opens it. */
export function ContentCard({ item, onOpen }: { item: ContentView; onOpen: (item: ContentView) => void }) {
  const lang = useLang()
  const place = whenWhere(item, lang)
  const root = useRef<HTMLButtonElement>(null)
  const round = useFreshPictures(root)
  return (
    <UnstyledButton
      ref={root}
      onClick={() => onOpen(item)}
      style={{ display: 'block', width: '100%' }}
      data-content-card={item.id}
    >
      <Card withBorder radius="md" padding="md" h="100%">
        {item.coverUrl ? (
          <Card.Section mb="sm">
            <Image
              key={`cover-${round}`}
              src={item.coverUrl}
              alt=""
              h={140}
              fit="cover"
              data-fallback="auction"
            />
          </Card.Section>
        ) : null}
        <Stack gap={4}>
          <Group gap="xs" wrap="wrap">
            <KindBadge kind={item.kind} />
            {item.pinned ? (
              <Badge variant="outline" radius="sm" size="sm">
                <Trans>Pinned</Trans>
              </Badge>
            ) : null}
          </Group>
          <Text fw={600} lineClamp={2}>
            {item.title}
          </Text>
          {item.summary ? (
            <Text fz="sm" c="dimmed" lineClamp={3}>
              {item.summary}
            </Text>
          ) : null}
          <Text fz="xs" c="dimmed">
            {[place, item.publishedAt ? formatDateTime(item.publishedAt, lang) : '']
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
      </Card>
    </UnstyledButton>
  )
}
