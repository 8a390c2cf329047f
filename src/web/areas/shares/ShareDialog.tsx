// "Share": a link to the chosen artworks for a named recipient who has no account — until the end of a day,
// with or without values (offered only to those who may see values), with an optional password and a note.
// Once made, the link is shown once to copy (only its hash is kept); the links are managed at Shares.
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CopyButton,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { IconShare } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { holds } from '../../../shared/access'
import {
  SHARE_MAX_DAYS,
  SHARE_PRIVILEGE,
  type ShareForm,
  shareForm,
  shareRequestOf,
  VALUES_PRIVILEGE,
} from '../../../shared/contracts/shares'
import { dayIn } from '../../../shared/office-time'
import { createShare, sharesKeys } from '../../api/queries/shares'
import { DateField } from '../../forms/DateField'
import { FormRefusal } from '../../forms/FormRefusal'
import { SubmitButton } from '../../forms/SubmitButton'
import { TextAreaField, TextField } from '../../forms/TextField'
import { useForm } from '../../forms/use-form'
import { officeToday, officeZone } from '../../i18n/office-zone'
import { useMe } from '../../session/use-session'
import { ButtonLink } from '../archive/router-links'

/** The button on the archive's selection bar; shown only to those who may share. */
export function ShareButton({ artworkIds }: { artworkIds: string[] }) {
  const { t } = useLingui()
  const me = useMe()
  const [open, setOpen] = useState(false)
  if (!holds(me, SHARE_PRIVILEGE)) return null
  return (
    <>
      <Button
        variant="subtle"
        leftSection={<IconShare size={16} />}
        onClick={() => setOpen(true)}
        disabled={artworkIds.length === 0}
        aria-label={t`Share`}
        data-testid="share-button"
      >
        <Box component="span" visibleFrom="sm">
          <Trans>Share</Trans>
        </Box>
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t`Share ${artworkIds.length} artworks`}
        size="lg"
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        {open ? <ShareDialogBody artworkIds={artworkIds} onDone={() => setOpen(false)} /> : null}
      </Modal>
    </>
  )
}

/** The last day a link may run to: within SHARE_MAX_DAYS of now, counted in whole office days. */
function lastDay(): string {
  return dayIn(new Date(Date.now() + (SHARE_MAX_DAYS - 1) * 86_400_000), officeZone())
}

function defaultDay(): string {
  return dayIn(new Date(Date.now() + 30 * 86_400_000), officeZone())
}

function ShareDialogBody({ artworkIds, onDone }: { artworkIds: string[]; onDone: () => void }) {
  const [url, setUrl] = useState<string | null>(null)
  return url === null ? (
    <ShareFormBody artworkIds={artworkIds} onCreated={setUrl} onCancel={onDone} />
  ) : (
    <ShareCreated url={url} onDone={onDone} />
  )
}

function ShareFormBody({
  artworkIds,
  onCreated,
  onCancel,
}: {
  artworkIds: string[]
  onCreated: (url: string) => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const me = useMe()
  const queryClient = useQueryClient()
  const maySeeValues = holds(me, VALUES_PRIVILEGE)
  const form = useForm({
    schema: shareForm,
    initialValues: {
      recipient: '',
      expiresAt: defaultDay(),
      showValues: false,
      password: '',
      note: '',
    } as ShareForm,
  })
  const submit = form.onSubmit(async (data) => {
    const created = await createShare(shareRequestOf(data, artworkIds, officeZone()))
    await queryClient.invalidateQueries({ queryKey: sharesKeys.all })
    onCreated(created.url)
  })
  return (
    <form onSubmit={submit} noValidate data-testid="share-form">
      <Stack gap="sm">
        <FormRefusal form={form} />
        {form.errors.artworkIds ? (
          <Alert color="red" role="alert" data-testid="share-artworks-error">
            {form.errors.artworkIds}
          </Alert>
        ) : null}
        <TextField
          label={t`Recipient`}
          description={t`Who the link is for: their name is shown on the page`}
          required
          maxLength={200}
          value={form.values.recipient}
          onChange={(v) => form.setFieldValue('recipient', v)}
          error={form.errors.recipient}
          data-testid="share-recipient"
        />
        <DateField
          label={t`Works until the end of`}
          required
          minDate={officeToday()}
          maxDate={lastDay()}
          value={form.values.expiresAt}
          onChange={(v) => form.setFieldValue('expiresAt', v)}
          error={form.errors.expiresAt}
          data-testid="share-expires"
        />
        {maySeeValues ? (
          <Checkbox
            label={t`Show values`}
            description={t`The latest valuation of each work, in its currency`}
            checked={form.values.showValues}
            onChange={(e) => form.setFieldValue('showValues', e.currentTarget.checked)}
            data-testid="share-show-values"
          />
        ) : null}
        <PasswordInput
          label={t`Password (optional)`}
          description={t`At least 8 characters; send it to the recipient another way than the link`}
          value={form.values.password}
          onChange={(e) => form.setFieldValue('password', e.currentTarget.value)}
          error={form.errors.password}
          autoComplete="new-password"
          data-testid="share-password-new"
        />
        <TextAreaField
          label={t`Note (shown on the page)`}
          maxLength={1000}
          minRows={2}
          value={form.values.note}
          onChange={(v) => form.setFieldValue('note', v)}
          error={form.errors.note}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <SubmitButton form={form}>
            <Trans>Create link</Trans>
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  )
}

function ShareCreated({ url, onDone }: { url: string; onDone: () => void }) {
  const { t } = useLingui()
  return (
    <Stack gap="sm" data-testid="share-created">
      <Text>
        <Trans>
          The link is ready. Copy it now: it is shown only this once. Anyone who has it can open the works
          until it expires or is revoked.
        </Trans>
      </Text>
      <TextInput
        label={t`Link`}
        value={url}
        readOnly
        onFocus={(e) => e.currentTarget.select()}
        data-testid="share-url"
      />
      <Group justify="space-between">
        <ButtonLink to="/artworkArchive/shares" variant="subtle" onClick={onDone}>
          <Trans>Manage shares</Trans>
        </ButtonLink>
        <Group gap="xs">
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy} data-testid="share-copy">
                {copied ? t`Copied` : t`Copy link`}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onDone}>
            <Trans>Done</Trans>
          </Button>
        </Group>
      </Group>
    </Stack>
  )
}
