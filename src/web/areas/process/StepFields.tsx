// Draws a step's form from its field list (field-spec.ts), the rules it does not state filled from the
// form's schema, with the form kit: text with a length limit, money, whole numbers, dates, choices from
// reference data, attachments. A key press the field refuses (a letter in a number, text beyond the limit)
// says why at the field, in the catalogue's words.
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Autocomplete, Grid, Input, SegmentedControl, Select, Title, TreeSelect } from '@mantine/core'
import type { ReactNode } from 'react'
import { DateField } from '../../forms/DateField'
import { FileUpload } from '../../forms/FileUpload'
import type { FormApi } from '../../forms/use-form'
import { choiceOptions, type FieldSpec, resolveSpec, type StepFormSpec, type Values } from './field-spec'
import { GuardedDigits, GuardedMoney, GuardedText, GuardedTextArea } from './GuardedInputs'
import {
  useCountryOptions,
  useDictOptions,
  useEnterpriseOptions,
  useRoomOptions,
  useTreeOptions,
  useVendors,
} from './reference-options'

export const YES = msg`Yes`
export const NO = msg`No`
const NOTHING_FOUND = msg`Nothing found`

interface FieldProps {
  field: FieldSpec
  form: FormApi
  values: Values
}

function common(field: FieldSpec, form: FormApi, i18n: ReturnType<typeof useLingui>['i18n']) {
  return {
    label: i18n._(field.label),
    description: field.description ? i18n._(field.description) : undefined,
    withAsterisk: field.required,
    error: form.errors[field.path],
    'data-field': field.path,
    'data-kind': field.kind,
  }
}

function TextLike({
  field,
  form,
  values,
}: FieldProps & { field: FieldSpec & { kind: 'text' | 'textarea' } }) {
  const { i18n } = useLingui()
  const props = {
    ...common(field, form, i18n),
    maxLength: field.max,
    value: String(values[field.path] ?? ''),
    onChange: (v: string) => form.setFieldValue(field.path, v),
  }
  return field.kind === 'textarea' ? <GuardedTextArea {...props} /> : <GuardedText {...props} />
}

function MoneyField({ field, form, values }: FieldProps) {
  const { i18n } = useLingui()
  return (
    <GuardedMoney
      {...common(field, form, i18n)}
      value={String(values[field.path] ?? '')}
      onChange={(v) => form.setFieldValue(field.path, v)}
    />
  )
}

function CountField({ field, form, values }: FieldProps & { field: FieldSpec & { kind: 'count' } }) {
  const { i18n } = useLingui()
  return (
    <GuardedDigits
      {...common(field, form, i18n)}
      maxLength={field.max === undefined ? undefined : String(field.max).length}
      value={String(values[field.path] ?? '')}
      onChange={(v) => form.setFieldValue(field.path, v)}
    />
  )
}

function SelectField({
  field,
  form,
  values,
  data,
}: FieldProps & { data: { value: string; label: string }[] }) {
  const { i18n } = useLingui()
  return (
    <Select
      {...common(field, form, i18n)}
      data={data}
      searchable
      clearable={!field.required}
      nothingFoundMessage={i18n._(NOTHING_FOUND)}
      value={(values[field.path] as string) || null}
      onChange={(v) => form.setFieldValue(field.path, v ?? '')}
      comboboxProps={{ withinPortal: true }}
    />
  )
}

function DictField(props: FieldProps & { field: FieldSpec & { kind: 'dict' } }) {
  const options = useDictOptions(props.field.dict)
  const only = props.field.only
  return <SelectField {...props} data={only ? options.filter((o) => only.includes(o.value)) : options} />
}
function CountryField(props: FieldProps) {
  return <SelectField {...props} data={useCountryOptions()} />
}
function RoomField(props: FieldProps) {
  return <SelectField {...props} data={useRoomOptions()} />
}
function EnterpriseField(props: FieldProps) {
  return <SelectField {...props} data={useEnterpriseOptions()} />
}

function TreeField({ field, form, values }: FieldProps & { field: FieldSpec & { kind: 'tree' } }) {
  const { i18n } = useLingui()
  const data = useTreeOptions(field.dict)
  return (
    <TreeSelect
      // Mounted again once the tree has loaded, so that it opens fully expanded.
      key={data.length}
      {...common(field, form, i18n)}
      data={data}
      searchable
      defaultExpandAll
      value={(values[field.path] as string) || null}
      onChange={(v) => form.setFieldValue(field.path, v ?? '')}
    />
  )
}

function VendorField({ field, form, values }: FieldProps & { field: FieldSpec & { kind: 'vendor' } }) {
  const { i18n } = useLingui()
  const kind = field.vendorKind
  const vendors = useVendors().filter((v) => !kind || v.kind === kind)
  return (
    <Autocomplete
      {...common(field, form, i18n)}
      data={[...new Set(vendors.map((v) => v.name))]}
      maxLength={field.max}
      value={String(values[field.path] ?? '')}
      onChange={(v) => {
        form.setFieldValue(field.path, v)
        if (field.idPath) form.setFieldValue(field.idPath, vendors.find((x) => x.names.includes(v))?.id ?? '')
      }}
    />
  )
}

function ChoiceField({
  field,
  form,
  values,
}: FieldProps & { field: FieldSpec & { kind: 'choice' | 'boolean' } }) {
  const { i18n } = useLingui()
  const options =
    field.kind === 'boolean'
      ? [
          { value: 'true', label: i18n._(YES) },
          { value: 'false', label: i18n._(NO) },
        ]
      : choiceOptions(field).map((o) => ({ value: o.value, label: i18n._(o.label) }))
  const raw = values[field.path]
  const value = raw === true ? 'true' : raw === false ? 'false' : typeof raw === 'string' ? raw : ''
  const set = (v: string | null) =>
    form.setFieldValue(field.path, field.kind === 'boolean' ? (v === null ? null : v === 'true') : (v ?? ''))
  const props = common(field, form, i18n)
  if (field.kind === 'choice' && field.display === 'select')
    return <Select {...props} data={options} value={value || null} onChange={set} />
  return (
    <Input.Wrapper
      label={props.label}
      description={props.description}
      withAsterisk={props.withAsterisk}
      error={props.error}
      data-field={field.path}
      data-kind={field.kind}
    >
      <div>
        <SegmentedControl mt={4} data={options} value={value} onChange={set} color="ink" />
      </div>
    </Input.Wrapper>
  )
}

function FieldInput(props: FieldProps): ReactNode {
  const { field, form, values } = props
  const { i18n } = useLingui()
  switch (field.kind) {
    case 'text':
    case 'textarea':
      return <TextLike {...props} field={field} />
    case 'money':
      return <MoneyField {...props} />
    case 'count':
      return <CountField {...props} field={field} />
    case 'date':
      return (
        <DateField
          {...common(field, form, i18n)}
          value={String(values[field.path] ?? '')}
          onChange={(v) => form.setFieldValue(field.path, v)}
          upToToday={field.upToToday}
        />
      )
    case 'dict':
      return <DictField {...props} field={field} />
    case 'tree':
      return <TreeField {...props} field={field} />
    case 'country':
      return <CountryField {...props} />
    case 'room':
      return <RoomField {...props} />
    case 'enterprise':
      return <EnterpriseField {...props} />
    case 'vendor':
      return <VendorField {...props} field={field} />
    case 'files':
      return (
        <FileUpload
          purpose={field.purpose}
          label={i18n._(field.label)}
          description={field.description ? i18n._(field.description) : undefined}
          required={field.required}
          error={form.errors[field.path]}
          value={(values[field.path] as string[]) ?? []}
          onChange={(ids) => form.setFieldValue(field.path, ids)}
          uploads={form.uploads}
          data-field={field.path}
        />
      )
    case 'boolean':
    case 'choice':
      return <ChoiceField {...props} field={field} />
    case 'custom':
      return field.render({ form, values, readOnly: false })
  }
}

/** Every section of a step's form, on a 12-column grid. */
export function StepFields({ spec: ownSpec, form }: { spec: StepFormSpec; form: FormApi }) {
  const { i18n } = useLingui()
  // Limits, required marks and choices the form does not state come from the schema it is checked with.
  const spec = resolveSpec(ownSpec, form.schema)
  const values = form.values
  return (
    <>
      {spec.sections.map((section, i) => {
        const shown = section.fields.filter((f) => !f.when || f.when(values))
        if (shown.length === 0) return null
        return (
          <div key={section.title?.id ?? i}>
            {section.title ? (
              <Title order={4} fz={14} c="dark.5" mt={i === 0 ? 0 : 'lg'} mb="xs">
                {i18n._(section.title)}
              </Title>
            ) : null}
            <Grid gap="md">
              {shown.map((field) => (
                <Grid.Col key={field.path} span={{ base: 12, sm: field.span ?? 6 }}>
                  <FieldInput field={field} form={form} values={values} />
                </Grid.Col>
              ))}
            </Grid>
          </div>
        )
      })}
    </>
  )
}
