// One of an artwork's dimensions (core, picture, frame, other): one to three values and a unit, typed as
// digits with at most one decimal point (docs/architecture.md § Input rules), with the size text the record will show built live from
// them (docs/architecture.md § Records: "60 × 80 cm"). The field hands the form a dimension only when a value is typed, so an
// empty row means "not measured" rather than an error.
import { Trans, useLingui } from '@lingui/react/macro'
import { Group, Input, Select, Text, TextInput } from '@mantine/core'
import { useEffect, useState } from 'react'
import {
  DIMENSION_UNITS,
  type Dimension,
  type DimensionUnit,
  sizeTextOf,
} from '../../../../shared/artwork-rules'

export const DIMENSION_SLOTS = 3

/** What a dimension box keeps of typing: digits and one decimal point, 7 + 2 digits. */
export function sanitizeDecimal(raw: string): string {
  const s = raw.replace(/[^\d.]/g, '')
  const dot = s.indexOf('.')
  if (dot < 0) return s.slice(0, 7)
  return `${s.slice(0, dot).slice(0, 7)}.${s
    .slice(dot + 1)
    .replace(/\./g, '')
    .slice(0, 2)}`
}

/** The dimension the slots describe: the filled values in order, or undefined when none is filled. */
export function dimensionOf(slots: readonly string[], unit: DimensionUnit): Dimension | undefined {
  const values = slots.map((s) => s.trim()).filter((s) => s !== '' && s !== '.')
  return values.length === 0 ? undefined : { values, unit }
}

function slotsOf(value: Dimension | undefined): string[] {
  const values = value?.values ?? []
  return Array.from({ length: DIMENSION_SLOTS }, (_, i) => values[i] ?? '')
}

const same = (a: Dimension | undefined, b: Dimension | undefined) =>
  (a === undefined && b === undefined) ||
  (a !== undefined && b !== undefined && a.unit === b.unit && a.values.join('|') === b.values.join('|'))

export interface DimensionFieldProps {
  label: React.ReactNode
  value: Dimension | undefined
  onChange: (value: Dimension | undefined) => void
  error?: string
  disabled?: boolean
  testId?: string
}

export function DimensionField({ label, value, onChange, error, disabled, testId }: DimensionFieldProps) {
  const { t } = useLingui()
  const [slots, setSlots] = useState<string[]>(() => slotsOf(value))
  const [unit, setUnit] = useState<DimensionUnit>(value?.unit ?? 'cm')
  // A value set from outside (a restore, loading the record) replaces what the boxes show.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an outside change of the value re-syncs
  useEffect(() => {
    if (!same(dimensionOf(slots, unit), value)) {
      setSlots(slotsOf(value))
      if (value) setUnit(value.unit)
    }
  }, [value])

  const emit = (nextSlots: string[], nextUnit: DimensionUnit) => {
    setSlots(nextSlots)
    setUnit(nextUnit)
    const next = dimensionOf(nextSlots, nextUnit)
    if (!same(next, value)) onChange(next)
  }
  const preview = sizeTextOf(dimensionOf(slots, unit))
  const names = [t`Height`, t`Width`, t`Depth`]
  return (
    <Input.Wrapper label={label} error={error} data-testid={testId}>
      <Group gap={6} wrap="nowrap" mt={4} align="center">
        {slots.map((slot, i) => (
          <Group key={names[i]} gap={6} wrap="nowrap">
            {i > 0 ? (
              <Text c="dimmed" fz="sm">
                ×
              </Text>
            ) : null}
            <TextInput
              value={slot}
              onChange={(e) =>
                emit(
                  slots.map((s, j) => (j === i ? sanitizeDecimal(e.currentTarget.value) : s)),
                  unit,
                )
              }
              placeholder={names[i]}
              aria-label={`${typeof label === 'string' ? label : ''} ${names[i]}`.trim()}
              inputMode="decimal"
              w={84}
              disabled={disabled}
              error={Boolean(error)}
              data-testid={testId ? `${testId}-${i}` : undefined}
            />
          </Group>
        ))}
        <Select
          data={DIMENSION_UNITS.map((u) => ({ value: u, label: u }))}
          value={unit}
          onChange={(v) => v && emit(slots, v as DimensionUnit)}
          allowDeselect={false}
          w={76}
          aria-label={t`Unit`}
          disabled={disabled}
          data-testid={testId ? `${testId}-unit` : undefined}
        />
        <Text
          fz="sm"
          c={preview ? 'dark.6' : 'dimmed'}
          ml="xs"
          style={{ whiteSpace: 'nowrap' }}
          data-testid={testId ? `${testId}-text` : undefined}
        >
          {preview || <Trans>Not measured</Trans>}
        </Text>
      </Group>
    </Input.Wrapper>
  )
}
