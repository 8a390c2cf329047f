// A submitted step as a read-only record, drawn from the same field list as its form: every value in
// words (dictionary labels, room and country names, money with separators, dates yyyy.MM.dd, attached
// files with a preview), in the language shown.
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { toDisplay } from '../../forms/date-range'
import { formatMoneyDisplay } from '../../forms/money'
import { FileNames } from './FileNames'
import { choiceOptions, type FieldSpec, type StepFormSpec, type Values } from './field-spec'
import {
  useCountryOptions,
  useDictOptions,
  useEnterpriseLabel,
  useRoomOptions,
  useTreeLabel,
} from './reference-options'
import { NO, YES } from './StepFields'

function Labelled({ options, value }: { options: { value: string; label: string }[]; value: string }) {
  return <>{options.find((o) => o.value === value)?.label ?? value}</>
}
function Dict({ field, value }: { field: FieldSpec & { kind: 'dict' }; value: string }) {
  return <Labelled options={useDictOptions(field.dict)} value={value} />
}
function Tree({ field, value }: { field: FieldSpec & { kind: 'tree' }; value: string }) {
  return <>{useTreeLabel(field.dict, value)}</>
}
function Country({ value }: { value: string }) {
  return <Labelled options={useCountryOptions()} value={value} />
}
function Room({ value }: { value: string }) {
  return <Labelled options={useRoomOptions()} value={value} />
}
function Enterprise({ value }: { value: string }) {
  return <>{useEnterpriseLabel()(value)}</>
}

function Value({ field, values }: { field: FieldSpec; values: Values }): ReactNode {
  const { i18n } = useLingui()
  const value = values[field.path]
  if (field.kind === 'custom') return field.record ? field.record(values) : null
  if (field.kind === 'files') return <FileNames ids={Array.isArray(value) ? (value as string[]) : []} />
  if (value === undefined || value === null || value === '') return <Text c="dimmed">—</Text>
  const text = String(value)
  switch (field.kind) {
    case 'money':
      return formatMoneyDisplay(text)
    case 'date':
      return toDisplay(text, 'yyyy-MM-dd') || text
    case 'boolean':
      return i18n._(value === true ? YES : NO)
    case 'choice':
      return choiceOptions(field).find((o) => o.value === text)
        ? i18n._(choiceOptions(field).find((o) => o.value === text)!.label)
        : text
    case 'dict':
      return <Dict field={field} value={text} />
    case 'tree':
      return <Tree field={field} value={text} />
    case 'country':
      return <Country value={text} />
    case 'room':
      return <Room value={text} />
    case 'enterprise':
      return <Enterprise value={text} />
    default:
      return <span style={{ whiteSpace: 'pre-wrap' }}>{text}</span>
  }
}

export function StepRecord({ spec, data }: { spec: StepFormSpec; data: Values }) {
  const { i18n } = useLingui()
  return (
    <Stack gap="md" data-testid="step-record">
      {spec.sections.map((section, i) => {
        const shown = section.fields.filter((f) => !f.when || f.when(data))
        if (shown.length === 0) return null
        return (
          <div key={section.title?.id ?? i}>
            {section.title ? (
              <Title order={4} fz={14} c="dark.5" mb="xs">
                {i18n._(section.title)}
              </Title>
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
              {shown.map((field) => (
                <Stack
                  key={field.path}
                  gap={2}
                  style={field.span === 12 ? { gridColumn: '1 / -1' } : undefined}
                  data-record-field={field.path}
                >
                  <Text fz="xs" c="dimmed">
                    {i18n._(field.label)}
                  </Text>
                  <Text fz="sm" component="div">
                    <Value field={field} values={data} />
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </div>
        )
      })}
    </Stack>
  )
}

/** A step that has no form of its own (the movement of a transport) or none in this screen yet. */
export function NoFormRecord({ data }: { data: Values | undefined }) {
  const entries = Object.entries(data ?? {})
  if (entries.length === 0)
    return (
      <Text c="dimmed" fz="sm">
        <Trans>Nothing has been recorded for this step.</Trans>
      </Text>
    )
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {entries.map(([key, value]) => (
        <Group key={key} gap="xs" wrap="nowrap" align="flex-start">
          <Text fz="xs" c="dimmed" w={140}>
            {key}
          </Text>
          <Text fz="sm">{typeof value === 'object' ? JSON.stringify(value) : String(value)}</Text>
        </Group>
      ))}
    </SimpleGrid>
  )
}
