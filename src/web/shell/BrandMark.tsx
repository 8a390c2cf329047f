// The product's mark and name 「Vitrine 藏品管理」.
import { Trans } from '@lingui/react/macro'
import { Group, Text } from '@mantine/core'

export function BrandMark({
  inverted = false,
  compact = false,
  short = false,
}: {
  inverted?: boolean
  compact?: boolean
  /** Just the name, for a phone's header. */
  short?: boolean
}) {
  return (
    <Group gap={10} wrap="nowrap">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <rect x="1" y="1" width="30" height="30" rx="6" fill={inverted ? '#fff' : '#2a4273'} />
        <rect x="6" y="6" width="20" height="20" rx="2" fill="none" stroke="#c78d39" strokeWidth="2" />
        <path
          d="M10 12l6 10 6-10"
          fill="none"
          stroke={inverted ? '#2a4273' : '#fff'}
          strokeWidth="2.4"
          strokeLinejoin="round"
        />
      </svg>
      <Text
        fw={650}
        fz={compact ? 15 : 17}
        c={inverted ? 'white' : 'ink.9'}
        style={{ letterSpacing: 0.2, whiteSpace: 'nowrap' }}
        data-testid="product-name"
      >
        {short ? 'Vitrine' : <Trans>Vitrine Collection Management</Trans>}
      </Text>
    </Group>
  )
}
