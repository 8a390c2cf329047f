// The form state every screen uses: @mantine/form's useForm, validated by the shared zod schema the server
// applies too (mantine-form-zod-resolver), worded from the shared catalogue in the language shown. The kit
// adds what Mantine does not know: a count of uploads in flight with a submit that is refused while any
// runs (docs/architecture.md § Input rules), the parsed value handed to the submit handler, and the server's own field errors
// (`data.fieldErrors` of a 400) landing at the same fields.
import { useLingui } from '@lingui/react'
import { type LooseKeys, type UseFormReturnType, useForm as useMantineForm } from '@mantine/form'
import { zod4Resolver } from 'mantine-form-zod-resolver'
import type { FormEvent } from 'react'
import { useCallback, useMemo, useRef, useState } from 'react'
import { z } from 'zod'
import { langOf } from '../../shared/lang'
import { issuesToFieldErrors } from '../../shared/validation'
import { type ApiError, isApiError } from '../api/api-error'

/** Field errors by dotted path (`items.0.code`); `_` for the form as a whole. */
export type FieldErrors = Record<string, string>
/** Values of a form whose fields are data (a step's form), by field path. */
export type FormValues = Record<string, unknown>

export interface UploadTracker {
  /** Call when an upload starts; call the returned function when it ends (either way). */
  begin(): () => void
}

/**
 * The schema with its issues worded in `lang` (the catalogue's words, one per field, as the server words
 * them), so the resolver hands Mantine finished messages.
 */
export function wordedSchema(schema: z.ZodType, lang: Parameters<typeof issuesToFieldErrors>[1]) {
  return z.unknown().superRefine((value, ctx) => {
    const parsed = schema.safeParse(value)
    if (parsed.success) return
    for (const [path, message] of Object.entries(issuesToFieldErrors(parsed.error.issues, lang)))
      ctx.addIssue({ code: 'custom', message, path: path.split('.') })
  })
}

export interface UseFormOptions<V extends FormShape, Out> {
  /** What the values must meet; its output is what the submit handler receives. */
  schema: z.ZodType<Out>
  initialValues: V
  /** Called when submit is refused because uploads are still running. */
  onBlockedByUploads?: () => void
}

/** Form values: any object, interfaces included (Mantine's own bound accepts every object). */
type FormShape = object

type Mantine<V extends FormShape> = UseFormReturnType<V>

export interface BoundInputProps {
  value: string
  onChange: (eventOrValue: unknown) => void
  error: string | undefined
  onFocus: () => void
  onBlur: () => void
}

/** What a part drawing a form's fields works with (a step's fields, a payment's rows): the form itself. */
export type FieldsApi = FormApi

export interface FormApi<V extends FormShape = FormValues, Out = unknown> {
  /** The schema the values are checked with (renderers read field rules from it). */
  schema: z.ZodType
  values: V
  errors: FieldErrors
  setErrors: (errors: FieldErrors | ((prev: FieldErrors) => FieldErrors)) => void
  setValues: Mantine<V>['setValues']
  setFieldValue: Mantine<V>['setFieldValue']
  /** Props of a text input bound to a field: its value (as text), onChange (an event or the value), error. */
  getInputProps: (path: LooseKeys<V>) => BoundInputProps
  /** Checks the values now: the parsed value, or the errors (also shown at the fields). */
  validate: () => { ok: true; data: Out } | { ok: false; errors: FieldErrors }
  /** A submit handler for `<form onSubmit>`: refused while uploads run, then validated, then `handler(data)`. */
  onSubmit: (handler: (data: Out) => unknown) => (event?: FormEvent) => Promise<void>
  uploads: UploadTracker
  uploading: number
  isUploading: boolean
  submitting: boolean
  /** The last failed submit's API error: network errors and timeouts are shown by the form from this. */
  submitError: ApiError | null
}

export function useForm<V extends FormShape, Out>({
  schema,
  initialValues,
  onBlockedByUploads,
}: UseFormOptions<V, Out>): FormApi<V, Out> {
  const { i18n } = useLingui()
  const lang = langOf(i18n.locale)
  const validate = useMemo(() => {
    const resolve = zod4Resolver(wordedSchema(schema, lang), { errorPriority: 'first' })
    return (values: V) => resolve(values as FormValues)
  }, [schema, lang])
  const form = useMantineForm<V, Out>({
    mode: 'controlled',
    initialValues,
    validate,
    transformValues: (values) => schema.parse(values),
  })
  const [uploading, setUploading] = useState(0)
  const [submitError, setSubmitError] = useState<ApiError | null>(null)
  const uploadsRef = useRef(0)

  const uploads: UploadTracker = useMemo(
    () => ({
      begin() {
        uploadsRef.current += 1
        setUploading(uploadsRef.current)
        let ended = false
        return () => {
          if (ended) return
          ended = true
          uploadsRef.current -= 1
          setUploading(uploadsRef.current)
        }
      },
    }),
    [],
  )

  const errors = form.errors as FieldErrors
  const { setErrors: setMantineErrors, validate: validateNow, getTransformedValues, setSubmitting } = form
  const setErrors = useCallback(
    (next: FieldErrors | ((prev: FieldErrors) => FieldErrors)) =>
      setMantineErrors((prev) => (typeof next === 'function' ? next(prev as FieldErrors) : next)),
    [setMantineErrors],
  )

  const check = (): { ok: true; data: Out } | { ok: false; errors: FieldErrors } => {
    const result = validateNow()
    if (result.hasErrors) return { ok: false, errors: result.errors as FieldErrors }
    return { ok: true, data: getTransformedValues() }
  }

  const onSubmit = (handler: (data: Out) => unknown) => async (event?: FormEvent) => {
    event?.preventDefault()
    if (uploadsRef.current > 0) {
      onBlockedByUploads?.()
      return
    }
    const result = check()
    if (!result.ok) return
    setSubmitting(true)
    setSubmitError(null)
    try {
      await handler(result.data)
    } catch (error) {
      // An API error was already toasted or redirected by the one handler above the client; here it
      // only lands at the fields, or stays for the form to show (network errors reach the caller).
      if (!isApiError(error)) throw error
      setSubmitError(error)
      if (error.fieldErrors) setErrors(error.fieldErrors)
    } finally {
      setSubmitting(false)
    }
  }

  return {
    schema,
    values: form.values,
    errors,
    setErrors,
    setValues: form.setValues,
    setFieldValue: form.setFieldValue,
    getInputProps: (path) => {
      const { value, onChange, error, onFocus, onBlur } = form.getInputProps(path)
      return {
        value: value === undefined || value === null ? '' : String(value),
        onChange,
        error: typeof error === 'string' ? error : undefined,
        onFocus,
        onBlur,
      }
    },
    validate: check,
    onSubmit,
    uploads,
    uploading,
    isUploading: uploading > 0,
    submitting: form.submitting,
    submitError,
  }
}

/**
 * The fields under `prefix` of a form as a form of their own (an event's payload beside its comment): paths,
 * values and errors without the prefix; submitting and uploads are the whole form's.
 */
export function scopedForm(form: FormApi<FormShape, unknown>, prefix: string): FormApi {
  const head = `${prefix}.`
  const inner = (form.values as FormValues)[prefix]
  const values: FormValues = inner && typeof inner === 'object' ? (inner as FormValues) : {}
  const own = (all: FieldErrors): FieldErrors =>
    Object.fromEntries(
      Object.entries(all)
        .filter(([k]) => k.startsWith(head))
        .map(([k, v]) => [k.slice(head.length), v]),
    )
  // Paths under the prefix are plain strings to the whole form; a field's own value type is the scope's.
  const setPath = form.setFieldValue as (path: string, value: unknown) => void
  const setFieldValue: FormApi['setFieldValue'] = (path, value) => setPath(`${head}${path}`, value)
  type Update = Partial<FormValues> | ((prev: Partial<FormValues>) => Partial<FormValues>)
  // Mantine's setter is generic over subtypes of the values; a scope's values are plain records.
  const setValues = ((next: Update) =>
    setPath(prefix, (prev: FormValues | undefined) => ({
      ...prev,
      ...(typeof next === 'function' ? next(prev ?? {}) : next),
    }))) as FormApi['setValues']
  return {
    ...form,
    // What the scope's values must meet is part of the whole form's rule: the scope reads no rules of its own.
    schema: z.unknown(),
    values,
    errors: own(form.errors),
    setErrors: (next) =>
      form.setErrors((prev) => {
        const others = Object.entries(prev).filter(([k]) => !k.startsWith(head))
        const mine = typeof next === 'function' ? next(own(prev)) : next
        return Object.fromEntries([...others, ...Object.entries(mine).map(([k, v]) => [`${head}${k}`, v])])
      }),
    setFieldValue,
    setValues,
    getInputProps: (path) => form.getInputProps(`${head}${path}`),
    validate: () => {
      const result = form.validate()
      return result.ok
        ? { ok: true, data: (result.data as FormValues)[prefix] }
        : { ok: false, errors: own(result.errors) }
    },
  }
}
