// One deep-zoom view of an image through its IIIF Image API service (docs/iiif.md), drawn by OpenSeadragon.
// This module and OpenSeadragon load only when a viewer opens (DeepZoomLazy.tsx), never with the first
// download. The info.json and every tile carry the image's signed query, so the browser may keep them until
// the link expires; a fresher query (the manifest read again) is used from the next tile on.
//
// Accessibility: the focusable drawing surface is named after the image and described by the key hint
// (OpenSeadragon's keys: + and − or Shift+arrows zoom, arrows or W A S D move, 0 fits); the buttons below
// it zoom in, zoom out and fit, each with its name.
import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Alert, Box, Group, Loader, Text, Tooltip } from '@mantine/core'
import { IconArrowsMinimize, IconZoomIn, IconZoomOut } from '@tabler/icons-react'
import type OpenSeadragon from 'openseadragon'
import { useEffect, useId, useRef, useState } from 'react'
import { infoUrl, type TileSourceRef } from './manifest-reader'
import type { ViewSync } from './view-sync'

export type DeepZoomState = 'loading' | 'open' | 'sharp' | 'failed'

export interface DeepZoomProps {
  source: TileSourceRef
  /** What the image is: the drawing surface's accessible name. */
  label: string
  sync?: ViewSync
  height?: string | number
  testId?: string
}

const ZOOM_STEP = 1.6

/** A tile source of the service whose every tile URL carries the current signed query. */
function signedSource(OSD: typeof OpenSeadragon, info: object, url: string, query: () => string) {
  const source = new OSD.IIIFTileSource(OSD.IIIFTileSource.prototype.configure(info, url))
  const plain = source.getTileUrl.bind(source)
  source.getTileUrl = (level, x, y) => {
    const tile = plain(level, x, y)
    const q = query()
    return typeof tile === 'string' && q ? `${tile}?${q}` : tile
  }
  return source
}

async function readInfo(url: string, signal: AbortSignal): Promise<object> {
  const response = await fetch(url, { signal })
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
  return (await response.json()) as object
}

export default function DeepZoom({
  source,
  label,
  sync,
  height = '70vh',
  testId = 'deep-zoom',
}: DeepZoomProps) {
  const { t } = useLingui()
  const hintId = useId()
  const frame = useRef<HTMLDivElement>(null)
  const surface = useRef<HTMLDivElement>(null)
  const viewerRef = useRef<OpenSeadragon.Viewer | null>(null)
  const query = useRef(source.query)
  query.current = source.query
  const labelRef = useRef(label)
  labelRef.current = label
  const [state, setState] = useState<DeepZoomState>('loading')
  const service = source.service

  useEffect(() => {
    const abort = new AbortController()
    let viewer: OpenSeadragon.Viewer | null = null
    let leave: (() => void) | undefined
    const url = infoUrl({ service, query: query.current })
    const mark = (next: DeepZoomState) => {
      if (!abort.signal.aborted) setState(next)
    }
    const showZoom = () => {
      if (viewer && frame.current)
        frame.current.setAttribute('data-zoom', viewer.viewport.getZoom(true).toFixed(3))
    }
    Promise.all([import('openseadragon'), readInfo(url, abort.signal)])
      .then(([{ default: OSD }, info]) => {
        if (abort.signal.aborted || !surface.current) return
        viewer = OSD({
          element: surface.current,
          tileSources: [signedSource(OSD, info, url, () => query.current)],
          drawer: 'canvas',
          showNavigationControl: false,
          crossOriginPolicy: false,
          maxZoomPixelRatio: 3,
          visibilityRatio: 0.5,
          animationTime: 0.6,
        })
        viewerRef.current = viewer
        const canvas = viewer.canvas
        canvas.setAttribute('role', 'application')
        canvas.setAttribute('aria-label', labelRef.current)
        canvas.setAttribute('aria-describedby', hintId)
        canvas.setAttribute('data-testid', `${testId}-surface`)
        viewer.addHandler('open', () => {
          mark('open')
          showZoom()
          const item = viewer?.world.getItemAt(0)
          item?.addHandler('fully-loaded-change', (e) => {
            mark(e.fullyLoaded ? 'sharp' : 'open')
            showZoom()
          })
        })
        viewer.addHandler('open-failed', () => mark('failed'))
        viewer.addHandler('viewport-change', showZoom)
        if (sync) leave = sync.join(viewer)
      })
      .catch(() => mark('failed'))
    return () => {
      abort.abort()
      leave?.()
      viewer?.destroy()
      viewerRef.current = null
    }
  }, [service, sync, hintId, testId])

  useEffect(() => {
    viewerRef.current?.canvas.setAttribute('aria-label', label)
  }, [label])

  const act = (fn: (v: OpenSeadragon.Viewer) => void) => {
    const viewer = viewerRef.current
    if (!viewer) return
    sync?.lead(viewer)
    fn(viewer)
    viewer.viewport.applyConstraints()
  }
  const ready = state === 'open' || state === 'sharp'

  return (
    <Box ref={frame} data-testid={testId} data-state={state} style={{ minWidth: 0 }}>
      <Box h={height} bg="dark.8" style={{ position: 'relative', borderRadius: 6, overflow: 'hidden' }}>
        <div ref={surface} style={{ position: 'absolute', inset: 0 }} />
        {state === 'loading' ? (
          <Box style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
            <Loader color="gray.3" aria-label={t`Loading the image`} />
          </Box>
        ) : null}
        {state === 'failed' ? (
          <Box p="md" style={{ position: 'absolute', inset: 0 }}>
            <Alert color="red" variant="filled" data-testid={`${testId}-failed`}>
              <Trans>The image could not be loaded for zooming.</Trans>
            </Alert>
          </Box>
        ) : null}
      </Box>
      <Group justify="space-between" gap="xs" mt="xs" wrap="nowrap">
        <Text id={hintId} fz="xs" c="dimmed">
          <Trans>Keys: + and − zoom, the arrow keys move, 0 fits the whole image.</Trans>
        </Text>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t`Zoom out`}>
            <ActionIcon
              variant="default"
              disabled={!ready}
              onClick={() => act((v) => v.viewport.zoomBy(1 / ZOOM_STEP))}
              aria-label={t`Zoom out`}
              data-testid={`${testId}-zoom-out`}
            >
              <IconZoomOut size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t`Zoom in`}>
            <ActionIcon
              variant="default"
              disabled={!ready}
              onClick={() => act((v) => v.viewport.zoomBy(ZOOM_STEP))}
              aria-label={t`Zoom in`}
              data-testid={`${testId}-zoom-in`}
            >
              <IconZoomIn size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t`Fit the whole image`}>
            <ActionIcon
              variant="default"
              disabled={!ready}
              onClick={() => act((v) => v.viewport.goHome())}
              aria-label={t`Fit the whole image`}
              data-testid={`${testId}-home`}
            >
              <IconArrowsMinimize size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Box>
  )
}
