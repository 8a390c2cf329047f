// A checklist field of the collections-management forms: the values of a fixed list, each ticked or not,
// sent as the list of those ticked (a deaccession's reasons, its proof of title, a damage's actions). The
// record reads the ticked items in the language shown.
import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react'
import { Checkbox, Group, Input, Stack, Text } from '@mantine/core'
import type { FieldSpec, Values } from '../../field-spec'

const listOf = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []

function Checklist({
  path,
  label,
  items,
  required,
  value,
  error,
  onChange,
}: {
  path: string
  label: MessageDescriptor
  items: readonly (readonly [string, MessageDescriptor])[]
  required?: boolean
  value: string[]
  error?: string
  onChange: (v: string[]) => void
}) {
  const { i18n } = useLingui()
  return (
    <Input.Wrapper
      label={i18n._(label)}
      withAsterisk={required}
      error={error}
      data-field={path}
      data-kind="checklist"
    >
      <Checkbox.Group value={value} onChange={onChange}>
        <Group mt={6} gap="md">
          {items.map(([item, words]) => (
            <Checkbox key={item} value={item} label={i18n._(words)} data-item={item} />
          ))}
        </Group>
      </Checkbox.Group>
    </Input.Wrapper>
  )
}

function ChecklistRecord({
  items,
  value,
}: {
  items: readonly (readonly [string, MessageDescriptor])[]
  value: string[]
}) {
  const { i18n } = useLingui()
  const ticked = items.filter(([item]) => value.includes(item))
  if (ticked.length === 0) return <Text c="dimmed">—</Text>
  return (
    <Stack gap={2}>
      {ticked.map(([item, words]) => (
        <Text key={item} fz="sm">
          ✓ {i18n._(words)}
        </Text>
      ))}
    </Stack>
  )
}

/** A checklist over `items` (value, words), kept in order; the list of the ticked values is the payload. */
export function checklistField(
  path: string,
  label: MessageDescriptor,
  items: Record<string, MessageDescriptor>,
  required = true,
): FieldSpec {
  const entries = Object.entries(items)
  return {
    path,
    kind: 'custom',
    span: 12,
    label,
    required,
    empty: [],
    render: ({ form, values }) => (
      <Checklist
        path={path}
        label={label}
        items={entries}
        required={required}
        value={listOf(values[path])}
        error={form.errors[path]}
        onChange={(v) =>
          // In the list's order, whatever the order of ticking.
          form.setFieldValue(
            path,
            entries.map(([item]) => item).filter((item) => v.includes(item)),
          )
        }
      />
    ),
    record: (values: Values) => <ChecklistRecord items={entries} value={listOf(values[path])} />,
    toPayload: listOf,
  }
}
