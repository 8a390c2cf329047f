// /artworkArchive/add (and ?id= to edit): every field of the artwork record with the form kit, checked in
// the browser by the same shared rules the server applies (docs/architecture.md § Input rules: preview image with its picture type,
// period and signature required, digits only, lengths), submit held while uploads run. Editing takes the
// edit lock when the form opens and gives it up when the person leaves; someone else's lock is shown
// with the fixed edit-lock message and the form stays read-only. The form's sections are ArtworkFields.tsx,
// its plain fields declared as data in artwork-fields.ts.
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Grid, Skeleton, Stack } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useBlocker, useNavigate } from '@tanstack/react-router'
import { useEffect, useMemo, useRef, useState } from 'react'
import { createArtworkInput, updateArtworkInput } from '../../../../shared/artwork-rules'
import type { ArtworkDetail } from '../../../../shared/contracts/artworks'
import { artworkDetailQuery, artworkKeys, createArtwork, saveArtwork } from '../../../api/queries/artworks'
import { FormRefusal } from '../../../forms/FormRefusal'
import { showSuccess, showWarning } from '../../../forms/notify'
import { SubmitButton } from '../../../forms/SubmitButton'
import { useForm } from '../../../forms/use-form'
import { PageHeader } from '../../../shell/PageHeader'
import { useArchiveReference } from '../reference-data'
import {
  AcquisitionSection,
  type ArtworkFormApi,
  type ArtworkPayload,
  ClassificationSection,
  DimensionsSection,
  EmergencySection,
  MediaSection,
  RecordsPart,
  SignatureSection,
  WhereaboutsSection,
  WorkSection,
} from './ArtworkFields'
import { EditNotices, FormChecklist, LeaveDialog } from './FormSideParts'
import { type ArtworkFormValues, emptyValues, readinessOf, valuesOf } from './form-values'
import { useEditLock } from './use-edit-lock'

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

/** Leaving with unsaved changes asks first (not after the save, nor when the person reloads on purpose). */
function useLeaveGuard(values: ArtworkFormValues, initial: ArtworkFormValues) {
  const savedRef = useRef(false)
  const dirty = JSON.stringify(values) !== JSON.stringify(initial)
  const blocker = useBlocker({
    shouldBlockFn: () => dirty && !savedRef.current,
    enableBeforeUnload: () => dirty && !savedRef.current,
    withResolver: true,
  })
  return { blocker, letGo: () => (savedRef.current = true) }
}

/**
 * The submit: a new artwork is created, an edit saved with the version it was loaded at; then the detail
 * is shown. A refused submit brings its first message into view (the checks run before anything is sent).
 */
function useArtworkSave(
  form: ArtworkFormApi,
  detail: ArtworkDetail | null,
  done: { letGo: () => void; markSaved: () => void },
) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const submit = form.onSubmit(async (data) => {
    const saved =
      detail && 'expectedVersion' in data ? await saveArtwork(detail.id, data) : await createArtwork(data)
    done.letGo()
    done.markSaved()
    queryClient.setQueryData(artworkKeys.detail(saved.id), saved)
    void queryClient.invalidateQueries({ queryKey: artworkKeys.lists() })
    void queryClient.invalidateQueries({ queryKey: artworkKeys.detail(saved.id) })
    showSuccess(detail ? t`Saved.` : t`The artwork is registered.`)
    await navigate({ to: '/artworkArchive/detail', search: { id: saved.id } })
  })
  return (event: React.FormEvent) => {
    void submit(event).then(() => {
      requestAnimationFrame(() =>
        document
          .querySelector('[data-error="true"], .mantine-InputWrapper-error, [data-testid="media-error"]')
          ?.scrollIntoView({ block: 'center', behavior: 'smooth' }),
      )
    })
  }
}

function ArtworkForm({ detail, onReload }: { detail: ArtworkDetail | null; onReload?: () => Promise<void> }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const reference = useArchiveReference()
  const editing = detail !== null
  const lock = useEditLock(detail?.id ?? null)
  const initial = useMemo(() => (detail ? valuesOf(detail) : emptyValues()), [detail])
  const form = useForm<ArtworkFormValues, ArtworkPayload>({
    schema: editing ? updateArtworkInput : createArtworkInput,
    initialValues: initial,
    onBlockedByUploads: () => showWarning(t`Wait for the uploads to finish, then save.`),
  })
  const guard = useLeaveGuard(form.values, initial)
  const onSubmit = useArtworkSave(form, detail, { letGo: guard.letGo, markSaved: lock.markSaved })
  const readOnly = editing && lock.state.status !== 'held'
  const conflict = form.submitError?.kind === 'api' && form.submitError.code === 409
  const parts = { form, readOnly, reference }

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
          lockState={lock.state}
          lang={reference.lang}
          conflict={conflict}
          onRetry={() => void lock.retry()}
          onBack={() => void navigate({ to: '/artworkArchive/detail', search: { id: detail?.id } })}
          onReload={() => {
            guard.letGo()
            void onReload?.()
          }}
        />

        <Grid gap="md" align="flex-start">
          <Grid.Col span={{ base: 12, lg: 9 }}>
            <Stack gap="md">
              <WorkSection {...parts} />
              <DimensionsSection {...parts} />
              <SignatureSection {...parts} />
              <ClassificationSection {...parts} />
              <AcquisitionSection {...parts} />
              <EmergencySection {...parts} />
              <WhereaboutsSection detail={detail} {...parts} />
              <RecordsPart {...parts} />
              <MediaSection detail={detail} {...parts} />
            </Stack>
          </Grid.Col>

          <Grid.Col span={{ base: 12, lg: 3 }} style={{ position: 'sticky', top: 72 }}>
            <FormChecklist
              ready={readinessOf(form.values)}
              errorCount={Object.keys(form.errors).length}
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

      <LeaveDialog blocker={guard.blocker} />
    </form>
  )
}
