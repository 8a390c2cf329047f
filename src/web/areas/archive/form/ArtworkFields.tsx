// The artwork form's parts: the renderer of its plain fields (artwork-fields.ts) and one component per
// section of the form, each drawing its fields from the form state (@mantine/form through the kit's
// useForm) and disabled while the form is read-only (someone else's edit lock).
import type { I18n } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { Group, MultiSelect, Radio, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core'
import { useEffect, useState } from 'react'
import type { z } from 'zod'
import {
  ARTWORK_LIMITS,
  type CreateArtwork,
  DIMENSION_KINDS,
  type RecordKind,
  type updateArtworkInput,
} from '../../../../shared/artwork-rules'
import type { ArtworkDetail } from '../../../../shared/contracts/artworks'
import { DigitsInput } from '../../../forms/DigitsInput'
import { TextAreaField, TextField } from '../../../forms/TextField'
import type { FormApi } from '../../../forms/use-form'
import { DIMENSION_LABELS } from '../archive-labels'
import type { ArchiveReference } from '../reference-data'
import { ArtistPicker } from './ArtistPicker'
import {
  ACQUISITION_ROWS,
  type ArtworkField,
  CLASSIFICATION_ROWS,
  EMERGENCY_ROWS,
  type FieldRow,
  locationField,
  MATERIALS_ROWS,
  positionField,
  WORK_ROWS,
} from './artwork-fields'
import { DimensionField, sanitizeDecimal } from './DimensionField'
import { FormSection } from './FormSection'
import { type ArtworkFormValues, factsFromDetail, recordKindOf } from './form-values'
import { type FileFacts, MediaEditor } from './MediaEditor'
import { RecordsSection } from './RecordsSection'

const L = ARTWORK_LIMITS

type UpdateArtwork = z.output<typeof updateArtworkInput>
/** What a submit hands on: a new artwork, or an edit with the version it was loaded at. */
export type ArtworkPayload = CreateArtwork | UpdateArtwork
export type ArtworkFormApi = FormApi<ArtworkFormValues, ArtworkPayload>

/** What every part of the form works with. */
export interface PartProps {
  form: ArtworkFormApi
  readOnly: boolean
  reference: ArchiveReference
}

const setter = (form: ArtworkFormApi) => (path: string, value: unknown) => form.setFieldValue(path, value)

function FieldInput({
  field,
  form,
  readOnly,
  reference,
  i18n,
}: PartProps & { field: ArtworkField; i18n: I18n }) {
  const v = form.values
  const set = setter(form)
  const common = {
    label: i18n._(field.label),
    error: form.errors[field.path],
    required: field.required,
    disabled: readOnly,
    'data-testid': `field-${field.path}`,
  }
  switch (field.kind) {
    case 'text':
      return (
        <TextField
          {...common}
          maxLength={field.max}
          value={v[field.path] ?? ''}
          onChange={(x) => set(field.path, x)}
        />
      )
    case 'textarea':
      return (
        <TextAreaField
          {...common}
          maxLength={field.max}
          minRows={2}
          value={v[field.path] ?? ''}
          onChange={(x) => set(field.path, x)}
        />
      )
    case 'digits':
      return (
        <DigitsInput
          {...common}
          placeholder={field.placeholder}
          maxLength={field.max}
          value={v[field.path] ?? ''}
          onChange={(x) => set(field.path, x)}
        />
      )
    case 'decimal':
      return (
        <TextField
          {...common}
          inputMode="decimal"
          value={v[field.path] ?? ''}
          onChange={(x) => set(field.path, sanitizeDecimal(x))}
        />
      )
    case 'tag': {
      const value = v[field.path]
      return (
        <Select
          {...common}
          data={reference.tagOptions[field.parent]}
          value={value === null ? null : String(value)}
          onChange={(x) => set(field.path, x ? Number(x) : null)}
          searchable
          clearable={!field.required}
        />
      )
    }
    case 'tags':
      return (
        <MultiSelect
          {...common}
          data={reference.tagOptions[field.parent]}
          value={v[field.path].map(String)}
          onChange={(x) => set(field.path, x.map(Number))}
          maxValues={field.max}
          searchable
          clearable
        />
      )
    case 'dict':
      return (
        <Select
          {...common}
          data={reference.dictOptions[field.dict]}
          value={v[field.path] || null}
          onChange={(x) => set(field.path, x ?? '')}
          clearable={!field.required}
        />
      )
    case 'choice':
      return (
        <Select
          {...common}
          data={field.options.map((o) => ({ value: o.value, label: o.label ? i18n._(o.label) : o.value }))}
          value={v[field.path] || null}
          onChange={(x) => set(field.path, x ?? '')}
          clearable={!field.required}
        />
      )
  }
}

/** One field as artwork-fields.ts declares it. */
export function Field(props: PartProps & { field: ArtworkField }) {
  const { i18n } = useLingui()
  return <FieldInput {...props} i18n={i18n} />
}

/** Fields as artwork-fields.ts lists them, in rows of columns. */
export function FieldRows({ rows, ...parts }: PartProps & { rows: FieldRow[] }) {
  const { i18n } = useLingui()
  return (
    <Stack gap="sm">
      {rows.map((row) => (
        <SimpleGrid key={row.fields[0].path} cols={row.cols} spacing="sm">
          {row.fields.map((field) => (
            <FieldInput key={field.path} field={field} i18n={i18n} {...parts} />
          ))}
        </SimpleGrid>
      ))}
    </Stack>
  )
}

export function WorkSection(parts: PartProps) {
  const { form, readOnly, reference } = parts
  return (
    <FormSection id="basic" title={<Trans>The work</Trans>}>
      <Stack gap="sm">
        <FieldRows rows={WORK_ROWS} {...parts} />
        <Text fz="xs" c="dimmed" mt={-4}>
          <Trans>A title in one language at least. Inventory numbers use letters, digits and . _ / -</Trans>
        </Text>
        <ArtistPicker
          value={form.values.artistId}
          onChange={(x) => form.setFieldValue('artistId', x)}
          stages={reference.tagOptions.ARTIST_STAGE}
          error={form.errors.artistId}
          disabled={readOnly}
        />
        <FieldRows rows={MATERIALS_ROWS} {...parts} />
      </Stack>
    </FormSection>
  )
}

export function DimensionsSection({ form, readOnly }: PartProps) {
  const { i18n } = useLingui()
  const set = setter(form)
  return (
    <FormSection
      id="dimensions"
      title={<Trans>Dimensions</Trans>}
      description={
        <Trans>
          One to three values (height × width × depth) and a unit; the size text is built from them.
        </Trans>
      }
    >
      <Stack gap="sm">
        {DIMENSION_KINDS.map((kind) => (
          <DimensionField
            key={kind}
            label={i18n._(DIMENSION_LABELS[kind])}
            value={form.values.dimensions[kind]}
            onChange={(d) => set(`dimensions.${kind}`, d)}
            error={Object.entries(form.errors).find(([k]) => k.startsWith(`dimensions.${kind}`))?.[1]}
            disabled={readOnly}
            testId={`dimension-${kind}`}
          />
        ))}
      </Stack>
    </FormSection>
  )
}

export function SignatureSection({ form, readOnly }: PartProps) {
  const { t } = useLingui()
  const set = setter(form)
  const signature = form.values.signature
  const errors = form.errors
  return (
    <FormSection id="signature" title={<Trans>Signature</Trans>}>
      <Stack gap="sm">
        <Radio.Group
          label={t`Is the work signed?`}
          required
          value={signature.signed === null ? null : signature.signed ? 'yes' : 'no'}
          onChange={(x) => set('signature.signed', x === 'yes')}
          error={errors['signature.signed'] ?? errors.signature}
          data-testid="field-signed"
        >
          <Group gap="lg" mt={6}>
            <Radio value="yes" label={t`Signed`} disabled={readOnly} data-testid="signed-yes" />
            <Radio value="no" label={t`Not signed`} disabled={readOnly} data-testid="signed-no" />
          </Group>
        </Radio.Group>
        {signature.signed ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextField
              label={t`Position`}
              placeholder={t`e.g. lower right`}
              required
              maxLength={L.signaturePosition}
              value={signature.position}
              onChange={(x) => set('signature.position', x)}
              error={errors['signature.position']}
              disabled={readOnly}
              data-testid="field-signature-position"
            />
            <TextField
              label={t`Content`}
              placeholder={t`What the signature or inscription says`}
              required
              maxLength={L.signatureContent}
              value={signature.content}
              onChange={(x) => set('signature.content', x)}
              error={errors['signature.content']}
              disabled={readOnly}
              data-testid="field-signature-content"
            />
          </SimpleGrid>
        ) : null}
      </Stack>
    </FormSection>
  )
}

export function ClassificationSection(parts: PartProps) {
  return (
    <FormSection id="classification" title={<Trans>Classification</Trans>}>
      <FieldRows rows={CLASSIFICATION_ROWS} {...parts} />
    </FormSection>
  )
}

export function EmergencySection(parts: PartProps) {
  return (
    <FormSection
      id="emergency"
      title={<Trans>Emergency planning</Trans>}
      description={
        <Trans>
          The order in which the work is saved when its room must be cleared (1 first), and how to lift, carry
          and protect it. Both print on the room's grab sheet.
        </Trans>
      }
    >
      <FieldRows rows={EMERGENCY_ROWS} {...parts} />
    </FormSection>
  )
}

export function AcquisitionSection(parts: PartProps) {
  return (
    <FormSection id="acquisition" title={<Trans>Acquisition and handling</Trans>}>
      <FieldRows rows={ACQUISITION_ROWS} {...parts} />
    </FormSection>
  )
}

/**
 * Where the artwork is: for a new one, in a room of the warehouse or elsewhere; for an edited one in a
 * room, its place in the room (the room changes only through operations). Nothing for other edits.
 */
export function WhereaboutsSection({ detail, ...parts }: PartProps & { detail: ArtworkDetail | null }) {
  const { t } = useLingui()
  const { form, reference } = parts
  const v = form.values
  const set = setter(form)
  if (detail === null) {
    return (
      <FormSection
        id="whereabouts"
        title={<Trans>Where it is now</Trans>}
        description={<Trans>Afterwards transports, loans and stocktakes keep this up to date.</Trans>}
      >
        <Stack gap="sm">
          <Switch
            label={t`In the warehouse`}
            checked={v.inWarehouse ?? false}
            onChange={(e) => {
              const inside = e.currentTarget.checked
              set('inWarehouse', inside)
              if (!inside) set('roomId', null)
            }}
            data-testid="field-inWarehouse"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {v.inWarehouse ? (
              <Select
                label={t`Room`}
                data={reference.roomOptions}
                value={v.roomId ?? null}
                onChange={(x) => set('roomId', x)}
                error={form.errors.roomId}
                required
                searchable
                data-testid="field-roomId"
              />
            ) : null}
            <Field field={locationField(v.inWarehouse ?? false)} {...parts} />
          </SimpleGrid>
        </Stack>
      </FormSection>
    )
  }
  if (v.position === undefined || !detail.roomId) return null
  return (
    <FormSection
      id="whereabouts"
      title={<Trans>Where it is now</Trans>}
      description={
        <Trans>
          The room changes only with a transport, a loan or a stocktake; the place in it can be changed here.
        </Trans>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t`Room`}
          value={reference.roomLabel(detail.roomId)}
          readOnly
          data-testid="field-room-now"
        />
        <Field field={positionField} {...parts} />
      </SimpleGrid>
    </FormSection>
  )
}

/** The records lists, the tab holding the first error opened when the errors change. */
export function RecordsPart({ form, readOnly, reference }: PartProps) {
  const [tab, setTab] = useState<RecordKind>('exhibitions')
  const errors = form.errors
  useEffect(() => {
    const first = Object.keys(errors)
      .map(recordKindOf)
      .find((k) => k !== null)
    if (first) setTab(first)
  }, [errors])
  return (
    <RecordsSection
      values={form.values}
      errors={errors}
      tab={tab}
      onTab={setTab}
      onChange={(kind, list) => form.setFieldValue(kind, list)}
      currencies={reference.dictOptions.CURRENCY}
      literatureTypes={reference.dictOptions.LITERATU_RECORD_TYPERE}
      disabled={readOnly}
    />
  )
}

/** Images, video and files, with what the form knows of each file (from the detail, then from uploads). */
export function MediaSection({
  detail,
  form,
  readOnly,
  reference,
}: PartProps & { detail: ArtworkDetail | null }) {
  const [facts, setFacts] = useState<Map<string, FileFacts>>(() =>
    detail ? factsFromDetail(detail) : new Map(),
  )
  return (
    <FormSection id="media" title={<Trans>Images, video and files</Trans>}>
      <MediaEditor
        media={form.values.media}
        onMedia={(update) => form.setFieldValue('media', update)}
        zipFileId={form.values.zipFileId}
        onZip={(x) => form.setFieldValue('zipFileId', x)}
        facts={facts}
        onFacts={(list) =>
          setFacts((prev) => {
            const next = new Map(prev)
            for (const f of list) next.set(f.id, f)
            return next
          })
        }
        errors={form.errors}
        picTypes={reference.dictOptions.ART_PIC_TYPE}
        uploads={form.uploads}
        disabled={readOnly}
      />
    </FormSection>
  )
}
