// Preview of an artwork's files in the browser (docs/architecture.md § Screens and routes, § Errors and behaviours): images zoomable (buttons, wheel, drag),
// videos playable, PDFs viewable; anything else says "Unavailable preview format" and offers the download.
// Files open through short-lived signed links, so no header is needed by <img>, <video> or <iframe>.
import { Trans, useLingui } from '@lingui/react/macro'
import {
  ActionIcon,
  Box,
  Button,
  Center,
  EmptyState,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { type PointerEvent, useEffect, useRef, useState } from 'react'
import type { ArtworkMediaView } from '../../../../shared/contracts/artworks'
import { formatMessage, type Lang } from '../../../../shared/errors'
import { fileLink } from '../../../api/queries/files'
import { formatBytes } from '../../../forms/file-checks'
import { IconFile } from '../../../shell/icons'
import { IconArrowRight, IconDownload, IconZoomIn, IconZoomOut } from '../archive-icons'

export type PreviewKind = 'image' | 'video' | 'pdf' | 'none'

/** What the browser can show of a file, by its stored type. */
export function previewKindOf(mime: string): PreviewKind {
  if (mime === 'image/jpeg' || mime === 'image/png') return 'image'
  if (mime === 'video/mp4') return 'video'
  if (mime === 'application/pdf') return 'pdf'
  return 'none'
}

/** Save one file: a signed link with `attachment`, followed by the browser. */
export async function downloadOne(fileId: string): Promise<void> {
  const { links } = await fileLink(fileId, 'attachment')
  const link = links[0]
  if (!link) return
  const a = document.createElement('a')
  a.href = link.url
  a.rel = 'noopener'
  a.download = link.name
  document.body.appendChild(a)
  a.click()
  a.remove()
}

export const ZOOM_STEPS = [1, 1.5, 2, 3, 4] as const

function ZoomableImage({ src, alt }: { src: string; alt: string }) {
  const { t } = useLingui()
  const [step, setStep] = useState(0)
  const [offset, setOffset] = useState({ x: 0, y: 0 })
  const drag = useRef<{ x: number; y: number; ox: number; oy: number } | null>(null)
  const zoom = ZOOM_STEPS[step]
  useEffect(() => {
    if (step === 0) setOffset({ x: 0, y: 0 })
  }, [step])
  const change = (delta: number) => setStep((s) => Math.min(ZOOM_STEPS.length - 1, Math.max(0, s + delta)))
  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    if (zoom === 1) return
    e.currentTarget.setPointerCapture(e.pointerId)
    drag.current = { x: e.clientX, y: e.clientY, ox: offset.x, oy: offset.y }
  }
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current
    if (!d) return
    setOffset({ x: d.ox + (e.clientX - d.x) / zoom, y: d.oy + (e.clientY - d.y) / zoom })
  }
  return (
    <Stack gap="xs">
      <Box
        h="min(70vh, 720px)"
        bg="dark.8"
        style={{
          overflow: 'hidden',
          borderRadius: 6,
          cursor: zoom > 1 ? 'grab' : 'zoom-in',
          touchAction: 'none',
        }}
        onWheel={(e) => change(e.deltaY < 0 ? 1 : -1)}
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={() => {
          drag.current = null
        }}
        onDoubleClick={() => change(zoom === 1 ? 2 : -ZOOM_STEPS.length)}
        data-testid="zoom-surface"
      >
        <img
          src={src}
          alt={alt}
          draggable={false}
          data-fallback="artwork"
          data-testid="preview-image"
          style={{
            width: '100%',
            height: '100%',
            objectFit: 'contain',
            transform: `scale(${zoom}) translate(${offset.x}px, ${offset.y}px)`,
            transition: drag.current ? 'none' : 'transform 120ms ease-out',
            userSelect: 'none',
          }}
        />
      </Box>
      <Group justify="center" gap="xs">
        <Tooltip label={t`Zoom out`}>
          <ActionIcon
            variant="default"
            onClick={() => change(-1)}
            disabled={step === 0}
            aria-label={t`Zoom out`}
          >
            <IconZoomOut />
          </ActionIcon>
        </Tooltip>
        <Text fz="sm" w={52} ta="center" data-testid="zoom-level">
          {Math.round(zoom * 100)}%
        </Text>
        <Tooltip label={t`Zoom in`}>
          <ActionIcon
            variant="default"
            onClick={() => change(1)}
            disabled={step === ZOOM_STEPS.length - 1}
            aria-label={t`Zoom in`}
            data-testid="zoom-in"
          >
            <IconZoomIn />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Stack>
  )
}

function Preview({ item, lang }: { item: ArtworkMediaView; lang: Lang }) {
  const kind = previewKindOf(item.mime)
  const link = useQuery({
    queryKey: ['file', 'link', item.fileId, 'inline'],
    queryFn: () => fileLink(item.fileId, 'inline'),
    enabled: kind !== 'none',
    staleTime: 4 * 60_000,
  })
  if (kind === 'none') {
    return (
      <EmptyState
        icon={<IconFile size={28} />}
        withIndicatorBackground
        title={formatMessage('unavailablePreview', lang)}
        description={`${item.name} · ${formatBytes(item.size)}`}
        py="xl"
        data-testid="unavailable-preview"
      />
    )
  }
  const url = link.data?.links[0]?.url
  if (!url)
    return (
      <Center h={320}>
        <Loader />
      </Center>
    )
  if (kind === 'image') return <ZoomableImage key={item.fileId} src={url} alt={item.caption || item.name} />
  if (kind === 'video')
    return (
      <Box
        component="video"
        src={url}
        controls
        autoPlay
        playsInline
        poster={undefined}
        w="100%"
        mah="70vh"
        bg="dark.8"
        style={{ borderRadius: 6, display: 'block' }}
        data-testid="preview-video"
      />
    )
  return (
    <Box
      component="iframe"
      src={url}
      title={item.name}
      w="100%"
      h="70vh"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6 }}
      data-testid="preview-pdf"
    />
  )
}

export interface MediaViewerProps {
  items: ArtworkMediaView[]
  index: number | null
  onIndex: (index: number | null) => void
  lang: Lang
}

export function MediaViewer({ items, index, onIndex, lang }: MediaViewerProps) {
  const { t } = useLingui()
  const item = index === null ? null : items[index]
  const download = useMutation({ mutationFn: downloadOne })
  const go = (delta: number) => {
    if (index === null || items.length === 0) return
    onIndex((index + delta + items.length) % items.length)
  }
  return (
    <Modal
      opened={item !== null && item !== undefined}
      onClose={() => onIndex(null)}
      size="80rem"
      centered
      title={
        item ? (
          <Stack gap={0}>
            <Text fw={600} fz="sm">
              {item.caption || item.name}
            </Text>
            <Text fz="xs" c="dimmed">
              {[
                item.picTypeLabel,
                item.name,
                formatBytes(item.size),
                item.width && item.height ? `${item.width} × ${item.height}` : '',
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
        ) : null
      }
      data-testid="media-viewer"
    >
      {item ? (
        <Stack gap="md">
          <Preview item={item} lang={lang} />
          <Group justify="space-between">
            <Group gap="xs">
              {items.length > 1 ? (
                <>
                  <Button
                    variant="default"
                    size="xs"
                    onClick={() => go(-1)}
                    leftSection={<IconArrowRight style={{ transform: 'scaleX(-1)' }} />}
                  >
                    <Trans>Previous</Trans>
                  </Button>
                  <Button variant="default" size="xs" onClick={() => go(1)} rightSection={<IconArrowRight />}>
                    <Trans>Next</Trans>
                  </Button>
                  <Text fz="xs" c="dimmed">
                    {(index ?? 0) + 1} / {items.length}
                  </Text>
                </>
              ) : null}
            </Group>
            <Button
              size="xs"
              leftSection={<IconDownload size={14} />}
              loading={download.isPending}
              onClick={() => download.mutate(item.fileId)}
              aria-label={t`Download`}
            >
              <Trans>Download</Trans>
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  )
}
