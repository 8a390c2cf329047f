// /versionManage/index: the releases of the system, drafts too, newest change first. Version managers record
// a release (number, date, notes in both languages) as a draft, edit it, publish it (after a confirmation:
// every user is then shown its notes once) and delete drafts. The server refuses a number that goes
// backwards or repeats; its words land at the number field.
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Button,
  Card,
  Divider,
  Group,
  Modal,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Fragment, useEffect, useState } from 'react'
import { holds } from '../../../shared/access'
import { type ReleaseInput, type ReleaseView, releaseInput } from '../../../shared/contracts/releases'
import {
  createRelease,
  deleteRelease,
  publishRelease,
  RELEASES_PAGE_SIZE,
  releaseKeys,
  releaseManageQuery,
  updateRelease,
} from '../../api/queries/releases'
import { ConfirmModal } from '../../forms/ConfirmModal'
import { DateField } from '../../forms/DateField'
import { useDiscardGuard } from '../../forms/DiscardGuard'
import { FormRefusal } from '../../forms/FormRefusal'
import { showSuccess } from '../../forms/notify'
import { FormFooter } from '../../forms/SubmitButton'
import { useForm } from '../../forms/use-form'
import { officeToday } from '../../i18n/office-zone'
import { useMe } from '../../session/use-session'
import { PageHeader } from '../../shell/PageHeader'
import { ListEmpty } from '../process/list-parts'
import { ReleaseHeadline, ReleaseNotes } from './release-parts'

type Confirming = { action: 'publish' | 'delete'; release: ReleaseView } | null

export function ReleaseManageScreen({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const me = useMe()
  const mayEdit = holds(me, 'versionManage:edit')
  const list = useQuery(releaseManageQuery(page))
  const [editing, setEditing] = useState<ReleaseView | null | undefined>(undefined)
  const [confirming, setConfirming] = useState<Confirming>(null)
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / RELEASES_PAGE_SIZE)) : 1
  return (
    <>
      <PageHeader
        description={
          <Trans>
            Record each release of the system with its notes in both languages. A published release is shown
            once to every user as “What's new”; its number must come after the latest published one.
          </Trans>
        }
        actions={
          mayEdit ? (
            <Button onClick={() => setEditing(null)} data-testid="release-new">
              <Trans>New release</Trans>
            </Button>
          ) : null
        }
      />
      {list.isPending ? (
        <Skeleton h={200} />
      ) : list.isError ? (
        <Text c="dimmed" fz="sm">
          <Trans>The releases could not be loaded. It will be tried again shortly.</Trans>
        </Text>
      ) : list.data.list.length === 0 ? (
        <ListEmpty
          title={<Trans>No releases yet</Trans>}
          description={<Trans>Record the first one with “New release”.</Trans>}
          testId="release-list-empty"
        />
      ) : (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md" data-testid="release-list">
            {list.data.list.map((r, i) => (
              <Fragment key={r.id}>
                {i > 0 ? <Divider /> : null}
                <Stack gap={6} data-release={r.number}>
                  <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                    <ReleaseHeadline release={r} />
                    {mayEdit ? (
                      <Group gap={6}>
                        <Button
                          size="compact-sm"
                          variant="light"
                          onClick={() => setEditing(r)}
                          data-testid="release-edit"
                        >
                          <Trans>Edit</Trans>
                        </Button>
                        {r.status === 'draft' ? (
                          <>
                            <Button
                              size="compact-sm"
                              onClick={() => setConfirming({ action: 'publish', release: r })}
                              data-testid="release-publish"
                            >
                              <Trans>Publish</Trans>
                            </Button>
                            <Button
                              size="compact-sm"
                              variant="subtle"
                              color="red"
                              onClick={() => setConfirming({ action: 'delete', release: r })}
                              data-testid="release-delete"
                            >
                              <Trans>Delete</Trans>
                            </Button>
                          </>
                        ) : null}
                      </Group>
                    ) : null}
                  </Group>
                  <ReleaseNotes notes={r.notes} />
                </Stack>
              </Fragment>
            ))}
          </Stack>
          {pages > 1 ? (
            <Group justify="flex-end" mt="md">
              <Pagination total={pages} value={page} onChange={onPage} size="sm" />
            </Group>
          ) : null}
        </Card>
      )}
      <ReleaseFormModal release={editing} onClose={() => setEditing(undefined)} />
      <ReleaseConfirm confirming={confirming} onClose={() => setConfirming(null)} />
    </>
  )
}

function ReleaseFormModal({
  release,
  onClose,
}: {
  release: ReleaseView | null | undefined
  onClose: () => void
}) {
  const { t } = useLingui()
  const phone = useMediaQuery('(max-width: 48em)')
  // Escape, the close button and Cancel ask before throwing away typed notes.
  const guard = useDiscardGuard(onClose)
  return (
    <>
      <Modal
        opened={release !== undefined}
        onClose={guard.requestClose}
        title={release ? t`Edit release` : t`New release`}
        size="lg"
        fullScreen={phone}
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        {release !== undefined ? (
          <ReleaseForm
            key={release?.id ?? 'new'}
            release={release}
            onDone={guard.closeNow}
            onCancel={guard.requestClose}
            onDirty={guard.setDirty}
          />
        ) : null}
      </Modal>
      {guard.question}
    </>
  )
}

function ReleaseForm({
  release,
  onDone,
  onCancel,
  onDirty,
}: {
  release: ReleaseView | null
  onDone: () => void
  onCancel: () => void
  onDirty: (dirty: boolean) => void
}) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [initial] = useState(() => ({
    number: release?.number ?? '',
    releasedOn: release?.releasedOn ?? officeToday(),
    notesZh: release?.notesZh ?? '',
    notesEn: release?.notesEn ?? '',
  }))
  const form = useForm({ schema: releaseInput, initialValues: initial })
  const submit = form.onSubmit(async (data: ReleaseInput) => {
    const saved = release ? await updateRelease(release.id, data) : await createRelease(data)
    showSuccess(t`Release ${saved.number} saved`)
    await queryClient.invalidateQueries({ queryKey: releaseKeys.all })
    onDone()
  })
  const published = release?.status === 'published'
  // Typed and not saved: any field differs from what the form opened with.
  const dirty = (Object.keys(initial) as (keyof typeof initial)[]).some((k) => form.values[k] !== initial[k])
  useEffect(() => onDirty(dirty), [dirty, onDirty])
  return (
    <form onSubmit={submit} noValidate data-testid="release-form">
      <Stack gap="sm">
        <FormRefusal form={form} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t`Release number`}
            description={published ? t`A published release keeps its number` : t`For example 1.10.0`}
            required
            readOnly={published}
            maxLength={24}
            {...form.getInputProps('number')}
            data-testid="release-number"
          />
          <DateField
            label={t`Release date`}
            required
            value={form.values.releasedOn}
            onChange={(v) => form.setFieldValue('releasedOn', v)}
            error={form.errors.releasedOn}
            data-testid="release-date"
          />
        </SimpleGrid>
        <Textarea
          label={t`Notes in Chinese`}
          description={t`One point a line`}
          required
          autosize
          minRows={4}
          maxRows={14}
          maxLength={10_000}
          {...form.getInputProps('notesZh')}
          data-testid="release-notesZh"
        />
        <Textarea
          label={t`Notes in English`}
          required
          autosize
          minRows={4}
          maxRows={14}
          maxLength={10_000}
          {...form.getInputProps('notesEn')}
          data-testid="release-notesEn"
        />
        <FormFooter form={form} onCancel={onCancel} />
      </Stack>
    </form>
  )
}

function ReleaseConfirm({ confirming, onClose }: { confirming: Confirming; onClose: () => void }) {
  const { t } = useLingui()
  return (
    <ConfirmModal
      subject={confirming}
      title={(c) => {
        const number = c.release.number
        return c.action === 'publish' ? t`Publish release ${number}?` : t`Delete draft ${number}?`
      }}
      effect={(c) =>
        c.action === 'publish' ? (
          <Trans>Every user will be shown its notes once, the next time they open the system.</Trans>
        ) : (
          <Trans>The draft and its notes are deleted.</Trans>
        )
      }
      confirm={(c) =>
        c.action === 'publish'
          ? { label: <Trans>Publish</Trans> }
          : { label: <Trans>Delete</Trans>, color: 'red' }
      }
      send={async (c) => {
        if (c.action === 'publish') await publishRelease(c.release.id)
        else await deleteRelease(c.release.id)
      }}
      done={(_, c) =>
        c.action === 'publish'
          ? t`Release ${c.release.number} published`
          : t`Draft ${c.release.number} deleted`
      }
      invalidate={releaseKeys.all}
      testId="release-confirm"
      onClose={onClose}
    />
  )
}
