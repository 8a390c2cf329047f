// File fields the plain `files` kind does not cover: one stored file's id (the policy document: the upload
// list keeping the last file chosen, the value the id itself, as the schema and the draft take it), and a
// list the schema always wants, even empty (a collection's remittance advice: sent as [] when none).
import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react'
import type { UploadPurpose } from '../../../../../shared/file-types'
import { FileListUpload } from '../../../../forms/FileListUpload'
import type { FieldsApi } from '../../../../forms/use-form'
import { FileNames } from '../../FileNames'
import type { FieldSpec, Values } from '../../field-spec'

/** The id of a value as saved (a string) or as a list (a form still holding several). */
function idOf(value: unknown): string {
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return String(value[value.length - 1] ?? '')
  return ''
}

function SingleFile({
  path,
  purpose,
  label,
  required,
  form,
  values,
}: {
  path: string
  purpose: Exclude<UploadPurpose, 'video'>
  label: MessageDescriptor
  required?: boolean
  form: FieldsApi
  values: Values
}) {
  const { i18n } = useLingui()
  const id = idOf(values[path])
  return (
    <FileListUpload
      purpose={purpose}
      label={i18n._(label)}
      required={required}
      error={form.errors[path]}
      value={id ? [id] : []}
      onChange={(ids) => form.setFieldValue(path, ids[ids.length - 1] ?? '')}
      uploads={form.uploads}
      data-field={path}
    />
  )
}

function FileList({
  path,
  purpose,
  label,
  form,
  values,
}: {
  path: string
  purpose: Exclude<UploadPurpose, 'video'>
  label: MessageDescriptor
  form: FieldsApi
  values: Values
}) {
  const { i18n } = useLingui()
  return (
    <FileListUpload
      purpose={purpose}
      label={i18n._(label)}
      error={form.errors[path]}
      value={idsOf(values[path])}
      onChange={(ids) => form.setFieldValue(path, ids)}
      uploads={form.uploads}
      data-field={path}
    />
  )
}

function idsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
}

/** An optional list of files that is sent as [] when empty. */
export function fileListField(field: {
  path: string
  purpose: Exclude<UploadPurpose, 'video'>
  label: MessageDescriptor
  span?: number
}): FieldSpec {
  return {
    ...field,
    kind: 'custom',
    empty: [],
    render: ({ form, values }) => <FileList {...field} form={form} values={values} />,
    record: (values) => <FileNames ids={idsOf(values[field.path])} />,
    toPayload: idsOf,
  }
}

export function singleFileField(field: {
  path: string
  purpose: Exclude<UploadPurpose, 'video'>
  label: MessageDescriptor
  required?: boolean
  span?: number
}): FieldSpec {
  return {
    ...field,
    kind: 'custom',
    empty: '',
    render: ({ form, values }) => <SingleFile {...field} form={form} values={values} />,
    record: (values) => {
      const id = idOf(values[field.path])
      return <FileNames ids={id ? [id] : []} />
    },
    toPayload: idOf,
  }
}
