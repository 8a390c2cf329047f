// Horizontal bars for the collection summary: one row per group (label, bar, figure), longest first, drawn
// as small SVGs so the app needs no chart library. A row can be a link (to the archive filtered by it).
import { Box, Group, Text, Tooltip, UnstyledButton } from '@mantine/core'
import type { ReactNode } from 'react'

export interface BarItem {
  key: string
  label: string
  /** The bar's length relative to the largest value. */
  value: number
  /** The figure printed at the end of the bar (a count, or money with its currency). */
  display: string
  /** Shown on hover: the figure's context (share, counts of the other currencies...). */
  hint?: ReactNode
}

/** Bar lengths as percentages of the largest value (0 when all are 0). */
export function barWidths(values: readonly number[]): number[] {
  const max = Math.max(0, ...values)
  return values.map((v) => (max > 0 ? Math.max(0, (v / max) * 100) : 0))
}

export interface BarListProps {
  items: BarItem[]
  color?: string
  onSelect?: (item: BarItem) => void
  testId?: string
}

function BarRow({ item, width, color }: { item: BarItem; width: number; color: string }) {
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      py={5}
      px={4}
      style={{ borderRadius: 4 }}
      data-testid="bar-row"
      data-key={item.key}
    >
      <Text fz="sm" w={150} truncate title={item.label} style={{ flexShrink: 0 }}>
        {item.label}
      </Text>
      <Box style={{ flex: 1, minWidth: 40 }}>
        <svg
          width="100%"
          height="14"
          role="img"
          aria-label={`${item.label}: ${item.display}`}
          preserveAspectRatio="none"
        >
          <rect x="0" y="0" width="100%" height="14" rx="3" fill="var(--mantine-color-gray-1)" />
          <rect x="0" y="0" width={`${width}%`} height="14" rx="3" fill={color} />
        </svg>
      </Box>
      <Text
        fz="sm"
        fw={500}
        ta="right"
        miw={72}
        style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      >
        {item.display}
      </Text>
    </Group>
  )
}

function BarEntry({
  item,
  width,
  color,
  onSelect,
}: {
  item: BarItem
  width: number
  color: string
  onSelect?: (item: BarItem) => void
}) {
  const row = <BarRow item={item} width={width} color={color} />
  const withHint = item.hint ? (
    <Tooltip label={item.hint} position="top-end" withArrow multiline maw={320}>
      <div>{row}</div>
    </Tooltip>
  ) : (
    row
  )
  if (!onSelect) return withHint
  return (
    <UnstyledButton onClick={() => onSelect(item)} w="100%" style={{ display: 'block', borderRadius: 4 }}>
      {withHint}
    </UnstyledButton>
  )
}

export function BarList({ items, color = 'var(--mantine-color-ink-6)', onSelect, testId }: BarListProps) {
  const widths = barWidths(items.map((i) => i.value))
  return (
    <Box component="ul" data-testid={testId} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item, i) => (
        // The list's items are its direct children (whatever wraps the row: a button, a tooltip).
        <li key={item.key}>
          <BarEntry item={item} width={widths[i]} color={color} onSelect={onSelect} />
        </li>
      ))}
    </Box>
  )
}
