// Starting a process of any type: the artworks (preselected from `?artworkId=`, only those whose status the
// type starts on — the machine's `artworkStatuses`, which the server checks again), the type's own start
// fields (read from its input schema: note, policy no., the process it follows, the room of a stocktake)
// and, optionally, its first step's draft, sent as one idempotent call (POST /api/process with the draft).
// Then the process view opens. Refusals land at their fields (`input.<field>`, `draft.<field>`).
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Card, Collapse, Grid, Group, Select, Stack, Switch, Text, Title } from '@mantine/core'
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { z } from 'zod'
import { declaredFollowUps } from '../../../../machines/follow-ups'
import { latest, registeredTypes } from '../../../../machines/registry'
import { ARTWORK_STATUS_LABELS, artworkListItem } from '../../../shared/contracts/artworks'
import type { ProcessView } from '../../../shared/contracts/process'
import type { ProcessType } from '../../../shared/process-types'
import { isApiError } from '../../api/api-error'
import { api } from '../../api/http'
import { processKeys, processListQuery, startProcess } from '../../api/queries/process'
import { DateField } from '../../forms/DateField'
import { FormRefusal } from '../../forms/FormRefusal'
import { showSuccess } from '../../forms/notify'
import { SubmitButton } from '../../forms/SubmitButton'
import { TextAreaField, TextField } from '../../forms/TextField'
import { useForm } from '../../forms/use-form'
import { ArtworkMultiPicker } from '../process/ArtworkPicker'
import { initialValues, toDraft, type Values } from '../process/field-spec'
import { stepFormOf } from '../process/form-registry'
import { statusLabel, stepLabel, typeLabel, useLang } from '../process/machine-words'
import { useRoomOptions } from '../process/reference-options'
import { StepFields } from '../process/StepFields'

export interface StartProcessProps {
  type: ProcessType
  /** Preselected artwork (the archive's "start" buttons, mochaItom). */
  artworkId?: string
  /** Preselected artworks (several chosen on a list: the insurance screen's "Insure selected"). */
  artworkIds?: string[]
  /** Labels of preselected artworks the screen already has (id → "title · inventory no."). */
  artworkLabels?: Record<string, string>
  /** A start input to begin from: a follow-up offered by a process view's `links` (its artworks, the process it follows). */
  input?: Record<string, unknown>
  /** After the start; by default the process view opens. */
  onStarted?: (view: ProcessView) => void
  /** A way out (a drawer's close); none by default. */
  onCancel?: () => void
}

/** The start fields this screen knows how to ask for, in the order shown. */
const TEXT_FIELDS = {
  policyNo: msg`Policy no.`,
  previousPolicyNo: msg`Policy no. being renewed`,
} as const
const PROCESS_FIELDS = {
  previousProcessId: msg`The cover being renewed`,
  operationProcessId: msg`The operation covered`,
  sourceProcessId: msg`The process this one follows`,
} as const

type InputValues = Record<string, unknown> & { artworkIds: string[] }

/** The keys of a start input schema (an object schema; others have none this screen draws). */
function inputKeys(schema: z.ZodType): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : []
}

/** The form's values as the start input: text trimmed, empty fields left out. */
function toInput(keys: string[], v: InputValues): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of keys) {
    const value = v[key]
    if (key === 'artworkIds') out.artworkIds = v.artworkIds
    else if (typeof value === 'string' && value.trim() !== '') out[key] = value.trim()
  }
  return out
}

/** Deterministic 8 hex digits of a text (FNV-1a): the same request gets the same key. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(16).padStart(8, '0')
}

/** The idempotency key of a start: per screen (`nonce`) and request, so a repeat of the same start is one. */
export function startKey(type: string, nonce: string, body: unknown): string {
  return `start:${type}:${nonce}:${fnv1a(JSON.stringify(body))}`
}

/** Field errors under `prefix.` without it (`input.note` → `note`). */
function under(prefix: string, errors: Record<string, string> | undefined): Record<string, string> {
  const head = `${prefix}.`
  return Object.fromEntries(
    Object.entries(errors ?? {})
      .filter(([k]) => k.startsWith(head))
      .map(([k, v]) => [k.slice(head.length), v]),
  )
}

const FOLLOW_UPS = declaredFollowUps(registeredTypes().map((t) => latest(t)))

/** Processes a start may name under `via` (those of the types that declare this type as their follow-up). */
function useFollowedOptions(type: ProcessType, via: string, artworkId: string | undefined, current: string) {
  const lang = useLang()
  const { i18n } = useLingui()
  const from = FOLLOW_UPS.filter((f) => f.type === type && f.via === via).map((f) => f.from)
  const lists = useQueries({
    queries: from.map((t) => ({
      ...processListQuery({ type: t, ...(artworkId ? { artworkId } : {}), pageSize: 50 }),
    })),
  })
  const options = lists.flatMap((q) =>
    (q.data?.list ?? [])
      .filter((p) => p.status !== 'terminated')
      .map((p) => {
        const art = p.artworks[0]
        const title = art ? (lang === 'en' ? art.titleEn || art.titleZh : art.titleZh || art.titleEn) : ''
        return {
          value: p.id,
          label: [typeLabel(p.type, lang), title, statusLabel(p.status, lang), p.createdAt.slice(0, 10)]
            .filter(Boolean)
            .join(' · '),
        }
      }),
  )
  // A follow-up opened from its process view names it even when the lists above do not reach it.
  if (current && !options.some((o) => o.value === current))
    options.push({ value: current, label: i18n._(msg`The process this start was opened from`) })
  return options
}

function FollowedSelect({
  type,
  via,
  label,
  artworkId,
  value,
  onChange,
  error,
  locked,
}: {
  type: ProcessType
  via: string
  label: string
  artworkId?: string
  value: string
  onChange: (v: string) => void
  error?: string
  locked: boolean
}) {
  const { t } = useLingui()
  const options = useFollowedOptions(type, via, artworkId, value)
  return (
    <Select
      label={label}
      placeholder={t`Optional`}
      searchable
      clearable={!locked}
      disabled={locked}
      data={options}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      error={error}
      nothingFoundMessage={t`No process found`}
      data-field={via}
    />
  )
}

function RoomSelect(props: { value: string; onChange: (v: string) => void; error?: string }) {
  const { t } = useLingui()
  const data = useRoomOptions()
  return (
    <Select
      label={t`Warehouse room`}
      withAsterisk
      searchable
      data={data}
      value={props.value || null}
      onChange={(v) => props.onChange(v ?? '')}
      error={props.error}
      data-field="roomId"
    />
  )
}

/** The preselected artwork, when the type may not start on it: why, in words. */
function useRefusedArtwork(artworkId: string | undefined, allowed: readonly string[] | undefined) {
  const lang = useLang()
  const artwork = useQuery({
    queryKey: ['artworks', 'start-check', artworkId],
    queryFn: ({ signal }) => api.get(`artworks/${artworkId}`, { schema: artworkListItem, signal }),
    enabled: !!artworkId,
    staleTime: 60_000,
  })
  const a = artwork.data
  if (!a || !allowed || allowed.includes(a.status)) return { artwork: a, refused: undefined }
  return { artwork: a, refused: ARTWORK_STATUS_LABELS[a.status][lang] }
}

export function StartProcess({
  type,
  artworkId,
  artworkIds,
  artworkLabels,
  input: given,
  onStarted,
  onCancel,
}: StartProcessProps) {
  const { t, i18n } = useLingui()
  const lang = useLang()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const definition = latest(type)
  const keys = useMemo(() => inputKeys(definition.input), [definition])
  const firstStep = definition.steps[0]?.key ?? null
  const stepSpec = stepFormOf(type, firstStep)
  const allowed = definition.artworkStatuses
  const { refused, artwork } = useRefusedArtwork(artworkId, allowed)
  // One key per screen and request: a double click (or a retry after a lost reply) is one start.
  const [nonce] = useState(() => Math.random().toString(36).slice(2, 10))
  const [withDraft, setWithDraft] = useState(false)

  const start = useMemo(() => {
    const v: InputValues = { artworkIds: [] }
    for (const key of keys) if (key !== 'artworkIds') v[key] = ''
    for (const [key, value] of Object.entries(given ?? {}))
      if (key === 'artworkIds' && Array.isArray(value)) v.artworkIds = value as string[]
      else if (typeof value === 'string') v[key] = value
    if (artworkIds?.length && v.artworkIds.length === 0) v.artworkIds = [...artworkIds]
    if (artworkId && v.artworkIds.length === 0) v.artworkIds = [artworkId]
    return v
  }, [keys, given, artworkId, artworkIds])
  const schema = useMemo(
    () =>
      z
        .custom<InputValues>()
        .transform((v) => toInput(keys, v))
        .pipe(definition.input as z.ZodType<Record<string, unknown>, Record<string, unknown>>),
    [keys, definition],
  )
  const form = useForm({ schema, initialValues: start })
  const values = form.values
  const draftForm = useForm({
    schema: z.custom<Values>(),
    initialValues: stepSpec ? initialValues(stepSpec, undefined) : {},
  })
  const refusedPicked = refused && values.artworkIds.includes(artwork?.id ?? '')
  const locked = new Set(Object.keys(given ?? {}))
  const set = (key: string, value: unknown) => form.setFieldValue(key, value)

  async function submit(startInput: Record<string, unknown>) {
    const draft = withDraft && stepSpec ? toDraft(stepSpec, draftForm.values) : undefined
    const body = { type, input: startInput, ...(draft ? { draft } : {}) }
    const idempotencyKey = startKey(type, nonce, body)
    try {
      const view = await startProcess({ ...body, idempotencyKey })
      queryClient.setQueryData(processKeys.detail(view.id), view)
      void queryClient.invalidateQueries({ queryKey: processKeys.lists() })
      showSuccess(t`The process is started.`)
      if (onStarted) onStarted(view)
      else await navigate({ to: '/devOpsManage/index', search: { process: view.id } })
    } catch (error) {
      if (isApiError(error) && error.fieldErrors) {
        form.setErrors(under('input', error.fieldErrors))
        draftForm.setErrors(under('draft', error.fieldErrors))
        if (Object.keys(under('draft', error.fieldErrors)).length > 0) setWithDraft(true)
        return
      }
      throw error
    }
  }

  return (
    <form
      noValidate
      data-testid="start-process"
      data-process-type={type}
      onSubmit={form.onSubmit((data) => submit(data as Record<string, unknown>))}
    >
      <Stack gap="md">
        <FormRefusal form={form} testId="start-refusal" />
        {refused ? (
          <Alert color="orange" variant="light" data-testid="start-refused-artwork">
            <Trans>
              This artwork is {refused}: a {typeLabel(type, lang)} cannot be started for it.
            </Trans>
          </Alert>
        ) : null}
        <Card withBorder radius="md" padding="lg">
          <Title order={3} fz={16} mb="md">
            {typeLabel(type, lang)}
          </Title>
          <Grid gap="md">
            {keys.includes('artworkIds') ? (
              <Grid.Col span={12}>
                <ArtworkMultiPicker
                  label={t`Artworks`}
                  description={
                    allowed
                      ? t`Only artworks with these statuses can be chosen: ${allowed
                          .map(
                            (s) =>
                              ARTWORK_STATUS_LABELS[s as keyof typeof ARTWORK_STATUS_LABELS]?.[lang] ?? s,
                          )
                          .join(lang === 'en' ? ', ' : '、')}`
                      : undefined
                  }
                  statuses={locked.has('artworkIds') ? undefined : allowed}
                  refuseHeld={definition.holdsArtworks === true}
                  value={values.artworkIds}
                  known={artworkLabels}
                  onChange={(ids) => set('artworkIds', ids)}
                  error={
                    form.errors.artworkIds ??
                    (refusedPicked ? t`This artwork's status does not allow this process.` : undefined)
                  }
                />
              </Grid.Col>
            ) : null}
            {keys.includes('roomId') ? (
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <RoomSelect
                  value={String(values.roomId ?? '')}
                  onChange={(v) => set('roomId', v)}
                  error={form.errors.roomId}
                />
              </Grid.Col>
            ) : null}
            {keys.includes('plannedOn') ? (
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <DateField
                  label={t`Planned for`}
                  value={String(values.plannedOn ?? '')}
                  onChange={(v) => set('plannedOn', v)}
                  error={form.errors.plannedOn}
                  data-field="plannedOn"
                />
              </Grid.Col>
            ) : null}
            {(Object.keys(PROCESS_FIELDS) as (keyof typeof PROCESS_FIELDS)[])
              .filter((key) => keys.includes(key))
              .map((key) => (
                <Grid.Col key={key} span={{ base: 12, sm: 6 }}>
                  <FollowedSelect
                    type={type}
                    via={key}
                    label={i18n._(PROCESS_FIELDS[key])}
                    artworkId={values.artworkIds[0]}
                    value={String(values[key] ?? '')}
                    onChange={(v) => set(key, v)}
                    error={form.errors[key]}
                    locked={locked.has(key)}
                  />
                </Grid.Col>
              ))}
            {(Object.keys(TEXT_FIELDS) as (keyof typeof TEXT_FIELDS)[])
              .filter((key) => keys.includes(key))
              .map((key) => (
                <Grid.Col key={key} span={{ base: 12, sm: 6 }}>
                  <TextField
                    label={i18n._(TEXT_FIELDS[key])}
                    maxLength={64}
                    value={String(values[key] ?? '')}
                    onChange={(v) => set(key, v)}
                    error={form.errors[key]}
                    data-field={key}
                  />
                </Grid.Col>
              ))}
            {keys.includes('note') ? (
              <Grid.Col span={12}>
                <TextAreaField
                  label={t`Note`}
                  maxLength={2000}
                  minRows={2}
                  value={String(values.note ?? '')}
                  onChange={(v) => set('note', v)}
                  error={form.errors.note}
                  data-field="note"
                />
              </Grid.Col>
            ) : null}
          </Grid>
        </Card>
        {stepSpec && firstStep ? (
          <Card withBorder radius="md" padding="lg" data-testid="start-draft">
            <Switch
              checked={withDraft}
              onChange={(e) => setWithDraft(e.currentTarget.checked)}
              label={t`Fill in the first step now: ${stepLabel(definition, firstStep, lang)}`}
              description={t`Kept as the step's draft; it can be completed and submitted later.`}
              data-testid="start-with-draft"
            />
            <Collapse expanded={withDraft}>
              <Stack mt="md">{withDraft ? <StepFields spec={stepSpec} form={draftForm} /> : null}</Stack>
            </Collapse>
          </Card>
        ) : null}
        <Group justify="flex-end">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              <Trans>Cancel</Trans>
            </Button>
          ) : null}
          <SubmitButton form={form} disabled={!!refusedPicked || draftForm.isUploading}>
            <Trans>Start</Trans>
          </SubmitButton>
        </Group>
        {!refused && artwork === undefined && artworkId ? (
          <Text fz="xs" c="dimmed">
            <Trans>Loading the artwork…</Trans>
          </Text>
        ) : null}
      </Stack>
    </form>
  )
}
