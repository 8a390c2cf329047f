// The artwork's media on the detail screen: the preview image large with a strip of the others, and the
// full list of images, videos, the source zip and other files, each previewable and downloadable alone, or
// chosen together (or all of them) into one zip.
import { Trans, useLingui } from '@lingui/react/macro'
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  EmptyState,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { ArtworkDetail, ArtworkMediaView } from '../../../../shared/contracts/artworks'
import type { FileLink } from '../../../../shared/contracts/files'
import type { Lang } from '../../../../shared/errors'
import { fileLink } from '../../../api/queries/files'
import { formatBytes } from '../../../forms/file-checks'
import { IconFile, IconFrame } from '../../../shell/icons'
import { FALLBACK_IMAGES } from '../../../shell/image-fallback'
import { ArtworkZoomModal } from '../../deep-zoom/ArtworkZoomModal'
import { ArtworkThumb } from '../ArtworkThumb'
import { IconDownload, IconEye, IconPlay, IconStar, IconZoomIn } from '../archive-icons'
import { downloadZip } from '../download'
import { downloadOne, MediaViewer } from './MediaViewer'

/** Images and videos first (the preview leading), then the zip and the other files. */
export function orderedMedia(detail: Pick<ArtworkDetail, 'media' | 'zip'>): ArtworkMediaView[] {
  const visual = detail.media.filter((m) => m.kind === 'image' || m.kind === 'video')
  visual.sort((a, b) => Number(b.isPreview) - Number(a.isPreview))
  const others = detail.media.filter((m) => m.kind === 'other')
  return [...visual, ...(detail.zip ? [detail.zip] : []), ...others]
}

/** The preview image at full size (the list's thumbnails are too small for the detail's hero). */
export function ArtworkHero({
  detail,
  links,
  onOpen,
}: {
  detail: ArtworkDetail
  links: Map<string, FileLink>
  onOpen: (index: number) => void
}) {
  const { t } = useLingui()
  const media = orderedMedia(detail)
  const visual = media.filter((m) => m.kind === 'image' || m.kind === 'video')
  const preview =
    visual.find((m) => m.isPreview && m.kind === 'image') ?? visual.find((m) => m.kind === 'image')
  const full = useQuery({
    queryKey: ['file', 'link', preview?.fileId ?? '', 'inline'],
    queryFn: () => fileLink(preview?.fileId ?? '', 'inline'),
    enabled: preview !== undefined,
    staleTime: 4 * 60_000,
  })
  const heroSrc = preview
    ? (full.data?.links[0]?.url ?? links.get(preview.fileId)?.thumbnailUrl ?? null)
    : FALLBACK_IMAGES.artwork
  return (
    <Stack gap="xs">
      <UnstyledButton
        onClick={() => preview && onOpen(media.indexOf(preview))}
        aria-label={t`Open the preview image`}
        style={{
          borderRadius: 8,
          overflow: 'hidden',
          background: 'var(--mantine-color-gray-1)',
          display: 'block',
        }}
        data-testid="artwork-hero"
      >
        <Box h={380} style={{ display: 'grid', placeItems: 'center' }}>
          {heroSrc ? (
            <Image src={heroSrc} alt={detail.title} h={380} w="100%" fit="contain" data-fallback="artwork" />
          ) : null}
        </Box>
      </UnstyledButton>
      {visual.length > 1 ? (
        <Group gap={6} wrap="nowrap" style={{ overflowX: 'auto' }} pb={4}>
          {visual.map((m) => (
            <UnstyledButton
              key={m.id}
              onClick={() => onOpen(media.indexOf(m))}
              style={{
                position: 'relative',
                borderRadius: 6,
                outline: m === preview ? '2px solid var(--mantine-color-ink-6)' : undefined,
              }}
              aria-label={m.caption || m.name}
            >
              <ArtworkThumb fileId={m.fileId} links={links} alt={m.caption || m.name} w={64} h={64} />
              {m.kind === 'video' ? (
                <Box
                  style={{
                    position: 'absolute',
                    inset: 0,
                    display: 'grid',
                    placeItems: 'center',
                    color: 'white',
                  }}
                >
                  <IconPlay size={22} fill="rgba(0,0,0,.45)" />
                </Box>
              ) : null}
            </UnstyledButton>
          ))}
        </Group>
      ) : null}
    </Stack>
  )
}

export function MediaPanel({
  detail,
  links,
  lang,
  zipName,
}: {
  detail: ArtworkDetail
  links: Map<string, FileLink>
  lang: Lang
  zipName: string
}) {
  const { t } = useLingui()
  const media = orderedMedia(detail)
  const [viewing, setViewing] = useState<number | null>(null)
  const [zooming, setZooming] = useState<string | null>(null)
  const [chosen, setChosen] = useState<Set<string>>(new Set())
  const zip = useMutation({ mutationFn: (ids: string[]) => downloadZip(ids, zipName) })
  const one = useMutation({ mutationFn: downloadOne })
  const toggle = (id: string) =>
    setChosen((prev) => {
      const next = new Set(prev)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  if (media.length === 0)
    return (
      <Card withBorder radius="md" padding="xl">
        <EmptyState
          icon={<IconFrame size={26} />}
          withIndicatorBackground
          title={<Trans>No files yet</Trans>}
          description={<Trans>Images, videos and documents added to the record appear here.</Trans>}
        />
      </Card>
    )
  const visual = media.filter((m) => m.kind === 'image' || m.kind === 'video')
  const files = media.filter((m) => m.kind === 'zip' || m.kind === 'other')
  const ids = chosen.size > 0 ? [...chosen] : media.map((m) => m.fileId)
  return (
    <Stack gap="md" data-testid="media-panel">
      <Group justify="space-between">
        <Text fz="sm" c="dimmed">
          {chosen.size > 0 ? <Trans>{chosen.size} chosen</Trans> : <Trans>{media.length} files</Trans>}
        </Text>
        <Group gap="xs">
          {chosen.size > 0 ? (
            <Button variant="subtle" color="gray" size="xs" onClick={() => setChosen(new Set())}>
              <Trans>Clear</Trans>
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} />}
            loading={zip.isPending}
            onClick={() => zip.mutate(ids)}
            data-testid="media-batch-download"
          >
            {chosen.size > 0 ? <Trans>Download the chosen (zip)</Trans> : <Trans>Download all (zip)</Trans>}
          </Button>
        </Group>
      </Group>
      {visual.length > 0 ? (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 5 }} spacing="md">
          {visual.map((m) => (
            <Card
              key={m.id}
              withBorder
              radius="md"
              padding={0}
              style={{ overflow: 'hidden' }}
              data-testid="media-tile"
              data-kind={m.kind}
            >
              <Box style={{ position: 'relative' }}>
                <UnstyledButton
                  onClick={() => setViewing(media.indexOf(m))}
                  display="block"
                  w="100%"
                  aria-label={t`Preview ${m.name}`}
                >
                  <ArtworkThumb
                    fileId={m.fileId}
                    links={links}
                    alt={m.caption || m.name}
                    w="100%"
                    h={150}
                    radius="0"
                  />
                  {m.kind === 'video' ? (
                    <Box
                      style={{
                        position: 'absolute',
                        inset: 0,
                        display: 'grid',
                        placeItems: 'center',
                        color: 'white',
                      }}
                    >
                      <IconPlay size={36} fill="rgba(0,0,0,.45)" />
                    </Box>
                  ) : null}
                </UnstyledButton>
                <Checkbox
                  checked={chosen.has(m.fileId)}
                  onChange={() => toggle(m.fileId)}
                  aria-label={t`Choose ${m.name}`}
                  style={{ position: 'absolute', top: 8, left: 8 }}
                />
                {m.isPreview ? (
                  <Badge
                    size="xs"
                    color="bronze"
                    variant="filled"
                    leftSection={<IconStar size={10} />}
                    style={{ position: 'absolute', top: 8, right: 8 }}
                  >
                    <Trans>Preview</Trans>
                  </Badge>
                ) : null}
              </Box>
              <Group justify="space-between" p="xs" gap={4} wrap="nowrap">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fz="xs" fw={500} truncate>
                    {m.kind === 'video' ? t`Video` : m.picTypeLabel || m.name}
                  </Text>
                  <Text fz={11} c="dimmed" truncate>
                    {m.caption || m.name}
                  </Text>
                </Stack>
                <Group gap={2} wrap="nowrap">
                  {m.kind === 'image' && m.width && m.height ? (
                    <Tooltip label={t`Zoom`}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="sm"
                        onClick={() => setZooming(m.fileId)}
                        aria-label={t`Zoom into ${m.name}`}
                        data-testid="media-zoom"
                      >
                        <IconZoomIn size={14} />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                  <Tooltip label={t`Download`}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      onClick={() => one.mutate(m.fileId)}
                      aria-label={t`Download ${m.name}`}
                    >
                      <IconDownload size={14} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      ) : null}
      {files.length > 0 ? (
        <Card withBorder radius="md" padding={0}>
          <Table fz="sm" verticalSpacing="xs" data-testid="media-files">
            <Table.Tbody>
              {files.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td w={36}>
                    <Checkbox
                      checked={chosen.has(m.fileId)}
                      onChange={() => toggle(m.fileId)}
                      aria-label={t`Choose ${m.name}`}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <IconFile size={20} color="var(--mantine-color-gray-6)" />
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text fz="sm" truncate>
                          {m.name}
                        </Text>
                        <Text fz="xs" c="dimmed">
                          {m.kind === 'zip' ? t`Source files (zip)` : m.caption || t`Document`} ·{' '}
                          {formatBytes(m.size)}
                        </Text>
                      </Stack>
                    </Group>
                  </Table.Td>
                  <Table.Td w={110}>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Tooltip label={t`Preview`}>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          onClick={() => setViewing(media.indexOf(m))}
                          aria-label={t`Preview ${m.name}`}
                        >
                          <IconEye />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t`Download`}>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          onClick={() => one.mutate(m.fileId)}
                          aria-label={t`Download ${m.name}`}
                        >
                          <IconDownload />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      ) : null}
      <MediaViewer items={media} index={viewing} onIndex={setViewing} lang={lang} />
      <ArtworkZoomModal artworkId={detail.id} fileId={zooming} onClose={() => setZooming(null)} lang={lang} />
    </Stack>
  )
}
