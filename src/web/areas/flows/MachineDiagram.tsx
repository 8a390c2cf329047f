// A machine drawn by Mermaid. Mermaid is large, so this module is only ever imported lazily (React.lazy)
// and Mermaid itself is fetched on first use: its own chunk, never in the bundle of a screen that does not
// draw. The drawing is made from mermaid-text.ts, in the language shown, with the current state
// highlighted or live counts written on the states.
import { Trans } from '@lingui/react/macro'
import { Box, Loader, Text } from '@mantine/core'
import { useEffect, useId, useState } from 'react'
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
        fontSize: '13px',
      },
      state: { useMaxWidth: true },
    })
    return mermaid
  })
  return initialised
}

export interface MachineDiagramProps extends DiagramOptions {
  graph: { nodes: DiagramNode[]; edges: DiagramEdge[] }
}

export default function MachineDiagram({ graph, ...options }: MachineDiagramProps) {
  const id = `diagram-${useId().replace(/[^a-zA-Z0-9]/g, '')}`
  const source = graphToMermaid(graph, options)
  const [svg, setSvg] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live = true
    setFailed(false)
    loadMermaid()
      .then((mermaid) => mermaid.render(id, source))
      .then(({ svg: drawn }) => {
        if (live) setSvg(drawn)
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
  return (
    <Box
      data-testid="machine-diagram"
      data-current={options.current ?? ''}
      maw={960}
      mx="auto"
      style={{ overflowX: 'auto', textAlign: 'center' }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: Mermaid's own SVG, rendered with securityLevel strict
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  )
}
