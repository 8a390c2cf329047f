// A machine drawn by Mermaid. Mermaid is large, so this module is only ever imported lazily (React.lazy)
// and Mermaid itself is fetched on first use: its own chunk, never in the bundle of a screen that does not
// draw. The drawing is made from mermaid-text.ts, in the language shown, with the current state
// highlighted or live counts written on the states. A drawing is kept per source text (switching back to a
// type draws nothing again), and its time is written on the element (`data-draw-ms`) for the browser suite
// to report. `zoomable` (the data centre) shows it at its natural size — labels as large as the text around
// them — in a frame that pans by dragging and zooms with its buttons or ctrl + wheel.
import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Box, Group, Loader, Text } from '@mantine/core'
import { IconArrowsMaximize, IconZoomIn, IconZoomOut } from '@tabler/icons-react'
import { type PointerEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { type DiagramEdge, type DiagramNode, type DiagramOptions, graphToMermaid } from './mermaid-text'

let initialised: Promise<typeof import('mermaid').default> | null = null
function loadMermaid() {
  initialised ??= import('mermaid').then(({ default: mermaid }) => {
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      theme: 'base',
      fontFamily:
        "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif",
      themeVariables: {
        primaryColor: '#f7f9fd',
        primaryBorderColor: '#8ca6d4',
        primaryTextColor: '#2a4273',
        lineColor: '#8ca6d4',
        fontSize: '14px',
      },
      state: { useMaxWidth: true },
    })
    return mermaid
  })
  return initialised
}

/** Start fetching Mermaid before a drawing is asked for (a screen that will draw one, as it opens). */
export function preloadMermaid(): void {
  void loadMermaid()
}

export interface MachineDiagramProps extends DiagramOptions {
  graph: { nodes: DiagramNode[]; edges: DiagramEdge[] }
  zoomable?: boolean
}

/** Drawings by source text, with the milliseconds the first one took. */
const drawn = new Map<string, { svg: string; ms: number }>()

export default function MachineDiagram({ graph, zoomable = false, ...options }: MachineDiagramProps) {
  const id = `diagram-${useId().replace(/[^a-zA-Z0-9]/g, '')}`
  const source = graphToMermaid(graph, options)
  const [svg, setSvg] = useState<{ svg: string; ms: number } | null>(() => drawn.get(source) ?? null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live = true
    setFailed(false)
    const known = drawn.get(source)
    if (known) {
      setSvg(known)
      return
    }
    const started = performance.now()
    loadMermaid()
      .then((mermaid) => mermaid.render(id, source))
      .then(({ svg: text }) => {
        const result = { svg: text, ms: Math.round(performance.now() - started) }
        drawn.set(source, result)
        if (live) setSvg(result)
      })
      .catch((error) => {
        console.error('Mermaid could not draw the machine', error)
        if (live) setFailed(true)
      })
    return () => {
      live = false
    }
  }, [id, source])
  if (failed)
    return (
      <Text c="dimmed" fz="sm">
        <Trans>The diagram could not be drawn.</Trans>
      </Text>
    )
  if (!svg) return <Loader size="sm" data-testid="diagram-loading" />
  if (zoomable) return <ZoomFrame key={source} svg={svg.svg} ms={svg.ms} current={options.current ?? ''} />
  return (
    <Box
      data-testid="machine-diagram"
      data-draw-ms={svg.ms}
      data-current={options.current ?? ''}
      maw={960}
      mx="auto"
      style={{ overflowX: 'auto', textAlign: 'center' }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: Mermaid's own SVG, rendered with securityLevel strict
      dangerouslySetInnerHTML={{ __html: svg.svg }}
    />
  )
}

const ZOOMS = [0.5, 0.67, 0.8, 1, 1.25, 1.5, 2] as const

/** The drawing at its natural size times the zoom, panned by dragging (or scrolling) inside a fixed frame. */
function ZoomFrame({ svg, ms, current }: { svg: string; ms: number; current: string }) {
  const { t } = useLingui()
  const frame = useRef<HTMLDivElement>(null)
  const [zoom, setZoom] = useState(1)
  const size = useRef<{ w: number; h: number } | null>(null)
  const drag = useRef<{ x: number; y: number; left: number; top: number } | null>(null)
  // The natural size from the viewBox; Mermaid's own max-width removed so the zoom decides.
  useLayoutEffect(() => {
    const el = frame.current?.querySelector('svg')
    if (!el) return
    const box = el.viewBox.baseVal
    if (!size.current && box && box.width > 0) size.current = { w: box.width, h: box.height }
    if (!size.current) return
    el.style.maxWidth = 'none'
    el.setAttribute('width', String(Math.round(size.current.w * zoom)))
    el.setAttribute('height', String(Math.round(size.current.h * zoom)))
  }, [zoom])
  const step = (dir: 1 | -1) =>
    setZoom((z) => {
      const i = ZOOMS.findIndex((x) => x >= z - 1e-6)
      return ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, (i < 0 ? 3 : i) + dir))]
    })
  const fit = () => {
    const w = frame.current?.clientWidth ?? 0
    if (size.current && w > 0) setZoom(Math.min(2, Math.max(0.3, (w - 16) / size.current.w)))
  }
  const down = (e: PointerEvent<HTMLDivElement>) => {
    const f = frame.current
    if (!f || e.pointerType === 'touch') return
    drag.current = { x: e.clientX, y: e.clientY, left: f.scrollLeft, top: f.scrollTop }
    f.setPointerCapture(e.pointerId)
  }
  const move = (e: PointerEvent<HTMLDivElement>) => {
    const f = frame.current
    const d = drag.current
    if (!f || !d) return
    f.scrollLeft = d.left - (e.clientX - d.x)
    f.scrollTop = d.top - (e.clientY - d.y)
  }
  return (
    <Box pos="relative">
      <Group gap={4} pos="absolute" top={8} right={8} style={{ zIndex: 1 }}>
        <ActionIcon
          variant="default"
          onClick={() => step(-1)}
          aria-label={t`Zoom out`}
          data-testid="zoom-out"
        >
          <IconZoomOut size={16} />
        </ActionIcon>
        <ActionIcon variant="default" onClick={() => step(1)} aria-label={t`Zoom in`} data-testid="zoom-in">
          <IconZoomIn size={16} />
        </ActionIcon>
        <ActionIcon variant="default" onClick={fit} aria-label={t`Fit the width`} data-testid="zoom-fit">
          <IconArrowsMaximize size={16} />
        </ActionIcon>
      </Group>
      <Box
        ref={frame}
        data-testid="machine-diagram"
        data-draw-ms={ms}
        data-zoom={zoom}
        data-current={current}
        h={{ base: 420, md: 600 }}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={() => {
          drag.current = null
        }}
        onWheel={(e) => {
          if (!e.ctrlKey) return
          e.preventDefault()
          step(e.deltaY < 0 ? 1 : -1)
        }}
        style={{
          overflow: 'auto',
          cursor: 'grab',
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 'var(--mantine-radius-md)',
          touchAction: 'pan-x pan-y',
        }}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: Mermaid's own SVG, rendered with securityLevel strict
        dangerouslySetInnerHTML={{ __html: svg }}
      />
    </Box>
  )
}
