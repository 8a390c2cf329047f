// A submitted step as a read-only record, drawn from the same field list as its form: every value in
// words, in the language shown — field labels, dictionary and tree labels, room, country, company and
// vendor names, money with its currency, dates yyyy.MM.dd (docs/architecture.md § Formats), yes or no, attached files by name
// opening in a viewer, and what a step's own part records (a stocktake's artworks with thumbnails). A step
// without a form of its own reads through a registered form naming all its fields; never as keys or JSON.
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { moneyText } from '../../../shared/money-text'
import { useSeesValues } from '../../session/use-session'
import { HiddenValue } from '../../shell/HiddenValue'
import { FileNames } from './FileNames'
import { choiceOptions, type FieldSpec, fieldsOf, type StepFormSpec, type Values } from './field-spec'
import { EVENT_FORMS, OLDER_STEP_FORMS, STEP_FORMS } from './form-registry'
import { currencyBeside, formatRecordDate } from './record-format'
import {
  type Option,
  useCountryOptions,
  useDictOptions,
  useEnterpriseLabel,
  useRoomOptions,
  useTreeLabel,
  useVendors,
} from './reference-options'
import { NO, YES } from './StepFields'

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A stored value as its label; an id not (yet) among the options is never shown as such. */
function Labelled({ options, value }: { options: Option[]; value: string }) {
  const label = options.find((o) => o.value === value)?.label
  if (label) return <>{label}</>
  return UUID_RE.test(value) ? (
    <Text span c="dimmed">
      …
    </Text>
  ) : (
    value
  )
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
/** A vendor chosen from the list reads in the language shown; one typed reads as typed. */
function Vendor({ value, id }: { value: string; id: unknown }) {
  const vendor = useVendors().find((v) => v.id === id || v.names.includes(value))
  return <>{vendor?.name ?? value}</>
}

function Value({ field, values }: { field: FieldSpec; values: Values }): ReactNode {
  const { i18n } = useLingui()
  const seesValues = useSeesValues()
  const value = values[field.path]
  if (field.kind === 'custom') return field.record ? field.record(values) : null
  if (field.kind === 'files') return <FileNames ids={Array.isArray(value) ? (value as string[]) : []} />
  // an amount the server left out for a user who may not see values
  if (field.kind === 'money' && value === null && !seesValues) return <HiddenValue />
  if (value === undefined || value === null || value === '') return <Text c="dimmed">—</Text>
  const text = String(value)
  switch (field.kind) {
    case 'money':
      return moneyText(text, currencyBeside(field.path, values))
    case 'date':
      return formatRecordDate(text)
    case 'boolean':
      return i18n._(value === true ? YES : NO)
    case 'choice': {
      const option = choiceOptions(field).find((o) => o.value === text)
      return option ? i18n._(option.label) : text
    }
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
    case 'vendor':
      return <Vendor value={text} id={field.idPath ? values[field.idPath] : undefined} />
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

/** The keys a form reads (a vendor's id beside its name). */
function keysOf(spec: StepFormSpec): Set<string> {
  return new Set(
    fieldsOf(spec).flatMap((f) => (f.kind === 'vendor' && f.idPath ? [f.path, f.idPath] : [f.path])),
  )
}

/**
 * The form to read data without a form of its own (a step of an older version, a formless step carrying
 * data): a form of the same step key, else the first registered form naming every key of the data.
 */
export function formReading(data: Values, step?: string): StepFormSpec | undefined {
  const keys = Object.keys(data)
  const forms = [...Object.values(STEP_FORMS), ...Object.values(OLDER_STEP_FORMS)].flatMap((byStep) =>
    Object.entries(byStep ?? {}),
  )
  const candidates = [
    ...forms.filter(([key]) => key === step).map(([, spec]) => spec),
    ...forms.map(([, spec]) => spec),
    ...Object.values(EVENT_FORMS),
  ]
  return candidates.find((spec) => {
    const known = keysOf(spec)
    return keys.every((k) => known.has(k))
  })
}

/** A step that has no form of its own (the movement of a transport) or none in this screen yet. */
export function NoFormRecord({ data, step }: { data: Values | undefined; step?: string }) {
  const entries = Object.entries(data ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== '')
  if (entries.length === 0)
    return (
      <Text c="dimmed" fz="sm">
        <Trans>Nothing has been recorded for this step.</Trans>
      </Text>
    )
  const spec = formReading(Object.fromEntries(entries), step)
  if (spec) return <StepRecord spec={spec} data={data ?? {}} />
  return (
    <Text c="dimmed" fz="sm" data-testid="record-unreadable">
      <Trans>This step's record was made by a form this screen does not have.</Trans>
    </Text>
  )
}
