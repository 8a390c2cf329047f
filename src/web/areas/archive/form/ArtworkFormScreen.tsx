// /artworkArchive/add (and ?id= to edit): every field of the artwork record with the form kit, checked in
// the browser by the same shared rules the server applies (docs/architecture.md § Input rules: preview image with its picture type,
// period and signature required, digits only, lengths), submit held while uploads run. Editing takes the
// edit lock when the form opens and gives it up when the person leaves; someone else's lock is shown
// with the fixed edit-lock message and the form stays read-only.
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Grid,
  Group,
  MultiSelect,
  Radio,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useBlocker, useNavigate } from '@tanstack/react-router'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { z } from 'zod'
import {
  ARTWORK_LIMITS,
  type CreateArtwork,
  createArtworkInput,
  DIMENSION_KINDS,
  type RecordKind,
  updateArtworkInput,
} from '../../../../shared/artwork-rules'
import type { ArtworkDetail } from '../../../../shared/contracts/artworks'
import { artworkDetailQuery, artworkKeys, createArtwork, saveArtwork } from '../../../api/queries/artworks'
import { DigitsInput } from '../../../forms/DigitsInput'
import { FormRefusal } from '../../../forms/FormRefusal'
import { showSuccess, showWarning } from '../../../forms/notify'
import { SubmitButton } from '../../../forms/SubmitButton'
import { TextAreaField, TextField } from '../../../forms/TextField'
import { useForm } from '../../../forms/use-form'
import { PageHeader } from '../../../shell/PageHeader'
import { DIMENSION_LABELS } from '../archive-labels'
import { useArchiveReference } from '../reference-data'
import { ArtistPicker } from './ArtistPicker'
import { DimensionField, sanitizeDecimal } from './DimensionField'
import { FormSection } from './FormSection'
import { EditNotices, FormChecklist, LeaveDialog } from './FormSideParts'
import {
  type ArtworkFormValues,
  emptyValues,
  factsFromDetail,
  readinessOf,
  recordKindOf,
  valuesOf,
} from './form-values'
import { type FileFacts, MediaEditor } from './MediaEditor'
import { RecordsSection } from './RecordsSection'
import { useEditLock } from './use-edit-lock'

const L = ARTWORK_LIMITS

type UpdateArtwork = z.output<typeof updateArtworkInput>

export function ArtworkFormScreen({ id }: { id: string | null }) {
  const detail = useQuery({ ...artworkDetailQuery(id ?? ''), enabled: id !== null, staleTime: 0 })
  // The form opens on the record as first loaded; it opens again (new values, the lock taken anew) only
  // when the person asks for a reload, never because the cache moved on (e.g. after the save itself).
  const [opened, setOpened] = useState<{ reloads: number; detail: ArtworkDetail | null }>({
    reloads: 0,
    detail: null,
  })
  const shown = opened.detail ?? detail.data ?? null
  useEffect(() => {
    if (detail.data && opened.detail === null) setOpened((o) => ({ ...o, detail: detail.data ?? null }))
  }, [detail.data, opened.detail])
  if (id === null) return <ArtworkForm key="new" detail={null} />
  if (detail.isPending)
    return (
      <Stack gap="md">
        <Skeleton h={36} w={280} />
        <Skeleton h={320} radius="md" />
        <Skeleton h={220} radius="md" />
      </Stack>
    )
  if (!shown)
    return (
      <Alert color="red" variant="light" title={<Trans>This artwork cannot be edited</Trans>}>
        <Trans>It may have been removed, or the link is wrong.</Trans>
      </Alert>
    )
  return (
    <ArtworkForm
      key={`${id}:${opened.reloads}`}
      detail={shown}
      onReload={async () => {
        const fresh = await detail.refetch()
        setOpened((o) => ({ reloads: o.reloads + 1, detail: fresh.data ?? o.detail }))
      }}
    />
  )
}

function ArtworkForm({ detail, onReload }: { detail: ArtworkDetail | null; onReload?: () => Promise<void> }) {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const reference = useArchiveReference()
  const lang = reference.lang
  const editing = detail !== null
  const lock = useEditLock(detail?.id ?? null)
  const initial = useMemo(() => (detail ? valuesOf(detail) : emptyValues()), [detail])
  const form = useForm<ArtworkFormValues, CreateArtwork | UpdateArtwork>({
    schema: editing ? updateArtworkInput : createArtworkInput,
    initialValues: initial,
    onBlockedByUploads: () => showWarning(t`Wait for the uploads to finish, then save.`),
  })
  const v = form.values
  const errors = form.errors
  const [facts, setFacts] = useState<Map<string, FileFacts>>(() =>
    detail ? factsFromDetail(detail) : new Map(),
  )
  const [recordsTab, setRecordsTab] = useState<RecordKind>('exhibitions')
  const savedRef = useRef(false)
  const readOnly = editing && lock.state.status !== 'held'

  const dirty = JSON.stringify(v) !== JSON.stringify(initial)
  const blocker = useBlocker({
    shouldBlockFn: () => dirty && !savedRef.current,
    enableBeforeUnload: () => dirty && !savedRef.current,
    withResolver: true,
  })

  const set = useCallback(
    (path: string, value: unknown) => form.setFieldValue(path, value),
    [form.setFieldValue],
  )
  const text = (
    path: keyof ArtworkFormValues,
    label: string,
    max: number,
    extra: { required?: boolean; testId?: string } = {},
  ) => (
    <TextField
      label={label}
      maxLength={max}
      value={(v[path] as string) ?? ''}
      onChange={(x) => set(path, x)}
      error={errors[path]}
      required={extra.required}
      disabled={readOnly}
      data-testid={extra.testId ?? `field-${path}`}
    />
  )
  const tagSelect = (
    path: 'mediumTagId' | 'periodTagId' | 'investMarketTagId' | 'incomeStageTagId',
    label: string,
    data: { value: string; label: string }[],
    required = false,
  ) => (
    <Select
      label={label}
      data={data}
      value={v[path] === null ? null : String(v[path])}
      onChange={(x) => set(path, x ? Number(x) : null)}
      error={errors[path]}
      required={required}
      searchable
      clearable={!required}
      disabled={readOnly}
      data-testid={`field-${path}`}
    />
  )

  // Open the records tab that holds the first error.
  useEffect(() => {
    const first = Object.keys(errors)
      .map(recordKindOf)
      .find((k) => k !== null)
    if (first) setRecordsTab(first)
  }, [errors])

  const submit = form.onSubmit(async (data) => {
    const saved =
      detail && 'expectedVersion' in data ? await saveArtwork(detail.id, data) : await createArtwork(data)
    savedRef.current = true
    lock.markSaved()
    queryClient.setQueryData(artworkKeys.detail(saved.id), saved)
    void queryClient.invalidateQueries({ queryKey: artworkKeys.lists() })
    void queryClient.invalidateQueries({ queryKey: artworkKeys.detail(saved.id) })
    showSuccess(editing ? t`Saved.` : t`The artwork is registered.`)
    await navigate({ to: '/artworkArchive/detail', search: { id: saved.id } })
  })
  const onSubmit = (event: React.FormEvent) => {
    void submit(event).then(() => {
      // Bring the first message into view (the checks run before anything is sent).
      requestAnimationFrame(() =>
        document
          .querySelector('[data-error="true"], .mantine-InputWrapper-error, [data-testid="media-error"]')
          ?.scrollIntoView({ block: 'center', behavior: 'smooth' }),
      )
    })
  }

  const ready = readinessOf(v)
  const errorCount = Object.keys(errors).length
  const conflict = form.submitError?.kind === 'api' && form.submitError.code === 409
  const lockState = lock.state

  return (
    <form onSubmit={onSubmit} noValidate data-testid="artwork-form">
      <Stack gap="md">
        <PageHeader
          title={editing ? t`Edit ${detail.title || detail.inventoryNo}` : t`Add artwork`}
          description={
            editing ? (
              <Trans>
                Inventory number {detail.inventoryNo} · version {detail.version}
              </Trans>
            ) : (
              <Trans>
                Register a new work: the fields marked * are required; the rest can be added later.
              </Trans>
            )
          }
        />

        {conflict ? null : <FormRefusal form={form} />}
        <EditNotices
          lockState={lockState}
          lang={lang}
          conflict={conflict}
          onRetry={() => void lock.retry()}
          onBack={() => void navigate({ to: '/artworkArchive/detail', search: { id: detail?.id } })}
          onReload={() => {
            savedRef.current = true
            void onReload?.()
          }}
        />

        <Grid gap="md" align="flex-start">
          <Grid.Col span={{ base: 12, lg: 9 }}>
            <Stack gap="md">
              <FormSection id="basic" title={<Trans>The work</Trans>}>
                <Stack gap="sm">
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    {text('inventoryNo', t`Inventory number`, L.inventoryNo, { required: true })}
                    {text('creationTime', t`Time created`, L.creationTime)}
                    {text('titleZh', t`Title in Chinese`, L.title)}
                    {text('titleEn', t`Title in English`, L.title)}
                  </SimpleGrid>
                  <Text fz="xs" c="dimmed" mt={-4}>
                    <Trans>
                      A title in one language at least. Inventory numbers use letters, digits and . _ / -
                    </Trans>
                  </Text>
                  <ArtistPicker
                    value={v.artistId}
                    onChange={(x) => set('artistId', x)}
                    stages={reference.tagOptions.ARTIST_STAGE}
                    error={errors.artistId}
                    disabled={readOnly}
                  />
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    {text('materialsZh', t`Materials in Chinese`, L.materials)}
                    {text('materialsEn', t`Materials in English`, L.materials)}
                  </SimpleGrid>
                </Stack>
              </FormSection>

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
                      value={v.dimensions[kind]}
                      onChange={(d) => set(`dimensions.${kind}`, d)}
                      error={Object.entries(errors).find(([k]) => k.startsWith(`dimensions.${kind}`))?.[1]}
                      disabled={readOnly}
                      testId={`dimension-${kind}`}
                    />
                  ))}
                </Stack>
              </FormSection>

              <FormSection id="signature" title={<Trans>Signature</Trans>}>
                <Stack gap="sm">
                  <Radio.Group
                    label={t`Is the work signed?`}
                    required
                    value={v.signature.signed === null ? null : v.signature.signed ? 'yes' : 'no'}
                    onChange={(x) => set('signature.signed', x === 'yes')}
                    error={errors['signature.signed'] ?? errors.signature}
                    data-testid="field-signed"
                  >
                    <Group gap="lg" mt={6}>
                      <Radio value="yes" label={t`Signed`} disabled={readOnly} data-testid="signed-yes" />
                      <Radio value="no" label={t`Not signed`} disabled={readOnly} data-testid="signed-no" />
                    </Group>
                  </Radio.Group>
                  {v.signature.signed ? (
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                      <TextField
                        label={t`Position`}
                        placeholder={t`e.g. lower right`}
                        required
                        maxLength={L.signaturePosition}
                        value={v.signature.position}
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
                        value={v.signature.content}
                        onChange={(x) => set('signature.content', x)}
                        error={errors['signature.content']}
                        disabled={readOnly}
                        data-testid="field-signature-content"
                      />
                    </SimpleGrid>
                  ) : null}
                </Stack>
              </FormSection>

              <FormSection id="classification" title={<Trans>Classification</Trans>}>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  {tagSelect('periodTagId', t`Period of creation`, reference.tagOptions.PERIOD, true)}
                  {tagSelect('mediumTagId', t`Creation medium`, reference.tagOptions.CREATION_MEDIUM)}
                  {tagSelect('investMarketTagId', t`Invest market`, reference.tagOptions.INVEST_MARKET)}
                  {tagSelect('incomeStageTagId', t`Income stage`, reference.tagOptions.INCOME_STAGE)}
                </SimpleGrid>
                <MultiSelect
                  mt="sm"
                  label={t`Labels`}
                  data={reference.tagOptions.ARTWORK_LABEL}
                  value={v.labelTagIds.map(String)}
                  onChange={(x) => set('labelTagIds', x.map(Number))}
                  error={errors.labelTagIds}
                  maxValues={L.labels}
                  searchable
                  clearable
                  disabled={readOnly}
                  data-testid="field-labelTagIds"
                />
              </FormSection>

              <FormSection id="acquisition" title={<Trans>Acquisition and handling</Trans>}>
                <Stack gap="sm">
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    {text('sourceZh', t`Source in Chinese`, L.source)}
                    {text('sourceEn', t`Source in English`, L.source)}
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
                    <DigitsInput
                      label={t`Buy year`}
                      placeholder="yyyy"
                      maxLength={4}
                      value={v.buyYear}
                      onChange={(x) => set('buyYear', x)}
                      error={errors.buyYear}
                      disabled={readOnly}
                      data-testid="field-buyYear"
                    />
                    <Select
                      label={t`Packaging`}
                      data={reference.dictOptions.PACKAGING_TYPE}
                      value={v.packagingType || null}
                      onChange={(x) => set('packagingType', x ?? '')}
                      error={errors.packagingType}
                      clearable
                      disabled={readOnly}
                    />
                    <TextField
                      label={t`Volume weight (kg)`}
                      inputMode="decimal"
                      value={v.volumeWeight}
                      onChange={(x) => set('volumeWeight', sanitizeDecimal(x))}
                      error={errors.volumeWeight}
                      disabled={readOnly}
                      data-testid="field-volumeWeight"
                    />
                    <TextField
                      label={t`Actual weight (kg)`}
                      inputMode="decimal"
                      value={v.actualWeight}
                      onChange={(x) => set('actualWeight', sanitizeDecimal(x))}
                      error={errors.actualWeight}
                      disabled={readOnly}
                      data-testid="field-actualWeight"
                    />
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    <TextAreaField
                      label={t`Remarks in Chinese`}
                      maxLength={L.remark}
                      value={v.remarkZh}
                      onChange={(x) => set('remarkZh', x)}
                      error={errors.remarkZh}
                      disabled={readOnly}
                      minRows={2}
                    />
                    <TextAreaField
                      label={t`Remarks in English`}
                      maxLength={L.remark}
                      value={v.remarkEn}
                      onChange={(x) => set('remarkEn', x)}
                      error={errors.remarkEn}
                      disabled={readOnly}
                      minRows={2}
                    />
                  </SimpleGrid>
                </Stack>
              </FormSection>

              {!editing ? (
                <FormSection
                  id="whereabouts"
                  title={<Trans>Where it is now</Trans>}
                  description={
                    <Trans>Afterwards transports, loans and stocktakes keep this up to date.</Trans>
                  }
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
                          error={errors.roomId}
                          required
                          searchable
                          data-testid="field-roomId"
                        />
                      ) : null}
                      {text(
                        'locationText',
                        v.inWarehouse ? t`Place in the room` : t`Where it is`,
                        L.location,
                      )}
                    </SimpleGrid>
                  </Stack>
                </FormSection>
              ) : v.position !== undefined && detail?.roomId ? (
                <FormSection
                  id="whereabouts"
                  title={<Trans>Where it is now</Trans>}
                  description={
                    <Trans>
                      The room changes only with a transport, a loan or a stocktake; the place in it can be
                      changed here.
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
                    {text('position', t`Place in the room`, L.location)}
                  </SimpleGrid>
                </FormSection>
              ) : null}

              <RecordsSection
                values={v}
                errors={errors}
                tab={recordsTab}
                onTab={setRecordsTab}
                onChange={(kind, list) => set(kind, list)}
                currencies={reference.dictOptions.CURRENCY}
                literatureTypes={reference.dictOptions.LITERATU_RECORD_TYPERE}
                disabled={readOnly}
              />

              <FormSection id="media" title={<Trans>Images, video and files</Trans>}>
                <MediaEditor
                  media={v.media}
                  onMedia={(update) => form.setFieldValue('media', update)}
                  zipFileId={v.zipFileId}
                  onZip={(x) => set('zipFileId', x)}
                  facts={facts}
                  onFacts={(list) =>
                    setFacts((prev) => {
                      const next = new Map(prev)
                      for (const f of list) next.set(f.id, f)
                      return next
                    })
                  }
                  errors={errors}
                  picTypes={reference.dictOptions.ART_PIC_TYPE}
                  uploads={form.uploads}
                  disabled={readOnly}
                />
              </FormSection>
            </Stack>
          </Grid.Col>

          <Grid.Col span={{ base: 12, lg: 3 }} style={{ position: 'sticky', top: 72 }}>
            <FormChecklist
              ready={ready}
              errorCount={errorCount}
              uploading={form.isUploading}
              onCancel={() =>
                void navigate(
                  detail
                    ? { to: '/artworkArchive/detail', search: { id: detail.id } }
                    : { to: '/artworkArchive/index' },
                )
              }
              submit={
                <SubmitButton form={form} disabled={readOnly || form.isUploading}>
                  {editing ? <Trans>Save</Trans> : <Trans>Register</Trans>}
                </SubmitButton>
              }
            />
          </Grid.Col>
        </Grid>
      </Stack>

      <LeaveDialog blocker={blocker} />
    </form>
  )
}
