// The form state every screen uses: values, errors at the fields, a count of uploads in flight, and a submit
// that is refused while any upload runs (spec §5). Validation is the shared zod schema the server applies
// too, worded from the shared catalogue in the language shown; the server's own field errors
// (`data.fieldErrors` of a 400) land at the same fields.
import { useLingui } from '@lingui/react'
import type { FormEvent } from 'react'
import { useCallback, useMemo, useRef, useState } from 'react'
import type { z } from 'zod'
import { issuesToFieldErrors } from '../../shared/validation'
import { type ApiError, isApiError } from '../api/api-error'
import { isLang } from '../i18n/i18n'

export type FieldErrors = Record<string, string>

type Path = string

function getIn(source: unknown, path: Path): unknown {
  let at: unknown = source
  for (const key of path.split('.')) {
    if (at === null || at === undefined || typeof at !== 'object') return undefined
    at = (at as Record<string, unknown>)[key]
  }
  return at
}

function setIn<T>(source: T, path: Path, value: unknown): T {
  const [head, ...rest] = path.split('.')
  const container = (source ?? (/^\d+$/.test(head) ? [] : {})) as Record<string, unknown> | unknown[]
  const next: Record<string, unknown> | unknown[] = Array.isArray(container)
    ? [...container]
    : { ...container }
  const current = (container as Record<string, unknown>)[head]
  ;(next as Record<string, unknown>)[head] = rest.length === 0 ? value : setIn(current, rest.join('.'), value)
  return next as T
}

/** Mantine inputs call onChange with an event, others with the value. */
function eventValue(eventOrValue: unknown): unknown {
  if (eventOrValue && typeof eventOrValue === 'object' && 'currentTarget' in eventOrValue) {
    const target = (eventOrValue as { currentTarget: HTMLInputElement }).currentTarget
    return target.type === 'checkbox' ? target.checked : target.value
  }
  return eventOrValue
}

export interface UploadTracker {
  /** Call when an upload starts; call the returned function when it ends (either way). */
  begin(): () => void
}

export interface UseFormOptions<S extends z.ZodType> {
  schema: S
  initialValues: z.input<S>
  /** Called when submit is refused because uploads are still running. */
  onBlockedByUploads?: () => void
}

export function useForm<S extends z.ZodType>({
  schema,
  initialValues,
  onBlockedByUploads,
}: UseFormOptions<S>) {
  const { i18n } = useLingui()
  const lang = isLang(i18n.locale) ? i18n.locale : 'zh-CN'
  const [values, setValues] = useState<z.input<S>>(initialValues)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [uploading, setUploading] = useState(0)
  const [submitting, setSubmitting] = useState(false)
  /** The last failed submit's API error: network errors and timeouts are shown by the form from this. */
  const [submitError, setSubmitError] = useState<ApiError | null>(null)
  const uploadsRef = useRef(0)
  const valuesRef = useRef(values)
  valuesRef.current = values

  const setFieldValue = useCallback((path: Path, value: unknown) => {
    setValues((prev) => setIn(prev, path, value))
    setErrors((prev) => {
      if (!(path in prev)) return prev
      const { [path]: _gone, ...rest } = prev
      return rest
    })
  }, [])

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

  const validate = useCallback((): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } => {
    const parsed = schema.safeParse(valuesRef.current)
    if (parsed.success) {
      setErrors({})
      return { ok: true, data: parsed.data }
    }
    const fieldErrors = issuesToFieldErrors(parsed.error.issues, lang)
    setErrors(fieldErrors)
    return { ok: false, errors: fieldErrors }
  }, [schema, lang])

  const getInputProps = useCallback(
    (path: Path) => ({
      value: (getIn(values, path) ?? '') as never,
      onChange: (eventOrValue: unknown) => setFieldValue(path, eventValue(eventOrValue)),
      error: errors[path],
    }),
    [values, errors, setFieldValue],
  )

  const onSubmit = useCallback(
    (handler: (data: z.output<S>) => unknown | Promise<unknown>) => async (event?: FormEvent) => {
      event?.preventDefault()
      if (uploadsRef.current > 0) {
        onBlockedByUploads?.()
        return
      }
      const result = validate()
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
    },
    [validate, onBlockedByUploads],
  )

  return {
    values,
    errors,
    setErrors,
    setValues,
    setFieldValue,
    getInputProps,
    validate,
    onSubmit,
    uploads,
    uploading,
    isUploading: uploading > 0,
    submitting,
    submitError,
  }
}

export type FormApi = ReturnType<typeof useForm>
