// /dynamicManage/createMessage: write an item (or edit one: `?id=`) — exhibition news or an office message —
// with its title, summary and body in both languages (rich text; the editor loads on demand), a cover
// image (JPG or PNG), the exhibition's venue and dates, and its audience (roles; none chosen: everyone).
// Save keeps a draft; "Save and publish" also sends it to its audience. The server sanitises the bodies and
// refuses foreign images or unknown roles at their fields.
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Button,
  Card,
  Group,
  MultiSelect,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useRef } from 'react'
import { type ContentKind, type ContentView, contentInput } from '../../../shared/contracts/content'
import { IMAGE_EXTENSIONS } from '../../../shared/file-types'
import {
  audienceRolesQuery,
  contentItemQuery,
  contentKeys,
  createContent,
  publishContent,
  updateContent,
} from '../../api/queries/content'
import { DateField } from '../../forms/DateField'
import { FileUpload } from '../../forms/FileUpload'
import { FormRefusal } from '../../forms/FormRefusal'
import { showSuccess } from '../../forms/notify'
import { useForm } from '../../forms/use-form'
import { PageHeader } from '../../shell/PageHeader'
import { DETAIL_PATH } from './content-parts'

/** TipTap stays out of the first download: the field loads when the editor screen opens. */
const RichTextField = lazy(() => import('./RichTextField'))

export function ContentEditorScreen({ id }: { id?: string }) {
  const item = useQuery({ ...contentItemQuery(id ?? ''), enabled: !!id })
  return (
    <>
      <PageHeader
        description={
          <Trans>
            Write exhibition news or an office message in both languages, choose who receives it, and publish
            it: each reader is told in the message centre and sees it on the home page.
          </Trans>
        }
      />
      {id && item.isPending ? (
        <Skeleton h={400} />
      ) : id && item.isError ? (
        <Text c="dimmed" fz="sm">
          <Trans>This item could not be loaded.</Trans>
        </Text>
      ) : (
        <ContentForm key={item.data?.id ?? 'new'} item={item.data ?? null} />
      )}
    </>
  )
}

function ContentForm({ item }: { item: ContentView | null }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const roles = useQuery(audienceRolesQuery())
  const publishAfter = useRef(false)
  const form = useForm({
    schema: contentInput,
    initialValues: {
      kind: (item?.kind ?? 'message') as ContentKind,
      titleZh: item?.titleZh ?? '',
      titleEn: item?.titleEn ?? '',
      summaryZh: item?.summaryZh ?? '',
      summaryEn: item?.summaryEn ?? '',
      bodyZh: item?.bodyZh ?? '',
      bodyEn: item?.bodyEn ?? '',
      coverFileId: item?.coverFileId ?? null,
      venue: item?.venue ?? '',
      startsOn: item?.startsOn ?? null,
      endsOn: item?.endsOn ?? null,
      audienceRoleIds: item?.audienceRoleIds ?? [],
      pinned: item?.pinned ?? false,
    },
  })
  const submit = form.onSubmit(async (data) => {
    const saved = item ? await updateContent(item.id, data) : await createContent(data)
    const publish = publishAfter.current && saved.status !== 'published'
    if (publish) {
      const result = await publishContent(saved.id)
      showSuccess(t`Published to ${result.recipients} people`)
    } else showSuccess(t`Saved`)
    await queryClient.invalidateQueries({ queryKey: contentKeys.all })
    if (publish) void navigate({ to: DETAIL_PATH[saved.kind], search: { id: saved.id } })
    else void navigate({ to: '/dynamicManage/table' })
  })
  const exhibition = form.values.kind === 'exhibition'
  const rich = (field: 'bodyZh' | 'bodyEn', label: string) => (
    <Suspense fallback={<Skeleton h={260} />}>
      <RichTextField
        label={label}
        required
        value={form.values[field] as string}
        onChange={(html) => form.setFieldValue(field, html)}
        error={form.errors[field]}
        data-testid={`content-${field}`}
      />
    </Suspense>
  )
  return (
    <form onSubmit={submit} noValidate data-testid="content-form">
      <Stack gap="md">
        <FormRefusal form={form} />
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <SegmentedControl
              value={form.values.kind as string}
              onChange={(v) => form.setFieldValue('kind', v as ContentKind)}
              data={[
                { value: 'message', label: t`Office message` },
                { value: 'exhibition', label: t`Exhibition news` },
              ]}
              aria-label={t`Kind`}
              data-testid="content-kind"
              w="fit-content"
              maw="100%"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t({ message: 'Title in Chinese', context: 'news' })}
                required
                maxLength={200}
                {...form.getInputProps('titleZh')}
                data-testid="content-titleZh"
              />
              <TextInput
                label={t({ message: 'Title in English', context: 'news' })}
                required
                maxLength={200}
                {...form.getInputProps('titleEn')}
                data-testid="content-titleEn"
              />
              <Textarea
                label={t`Summary in Chinese`}
                description={t`Shown in lists and in the message`}
                autosize
                minRows={2}
                maxLength={500}
                {...form.getInputProps('summaryZh')}
                data-testid="content-summaryZh"
              />
              <Textarea
                label={t`Summary in English`}
                description={t`Shown in lists and in the message`}
                autosize
                minRows={2}
                maxLength={500}
                {...form.getInputProps('summaryEn')}
                data-testid="content-summaryEn"
              />
            </SimpleGrid>
            {exhibition ? (
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput
                  label={t`Venue`}
                  maxLength={200}
                  {...form.getInputProps('venue')}
                  data-testid="content-venue"
                />
                <DateField
                  label={t`Opens`}
                  value={(form.values.startsOn as string | null) ?? ''}
                  onChange={(v) => form.setFieldValue('startsOn', v || null)}
                  error={form.errors.startsOn}
                />
                <DateField
                  label={t`Closes`}
                  value={(form.values.endsOn as string | null) ?? ''}
                  onChange={(v) => form.setFieldValue('endsOn', v || null)}
                  error={form.errors.endsOn}
                />
              </SimpleGrid>
            ) : null}
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            {rich('bodyZh', t`Text in Chinese`)}
            {rich('bodyEn', t`Text in English`)}
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <MultiSelect
              label={t`Audience`}
              description={t`Roles whose members receive it; choose none to reach everyone`}
              placeholder={(form.values.audienceRoleIds as string[]).length ? undefined : t`Everyone`}
              data={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
              value={form.values.audienceRoleIds as string[]}
              onChange={(v) => form.setFieldValue('audienceRoleIds', v)}
              error={form.errors.audienceRoleIds}
              searchable
              clearable
              data-testid="content-audience"
            />
            <FileUpload
              purpose="image"
              single
              extensions={IMAGE_EXTENSIONS}
              label={t`Cover image`}
              description={t`JPG or PNG`}
              value={form.values.coverFileId ? [form.values.coverFileId as string] : []}
              onChange={(ids) => form.setFieldValue('coverFileId', ids[0] ?? null)}
              uploads={form.uploads}
              error={form.errors.coverFileId}
              data-testid="content-cover"
            />
            <Switch
              label={t`Pin to the top of the news`}
              checked={form.values.pinned as boolean}
              onChange={(e) => form.setFieldValue('pinned', e.currentTarget.checked)}
              data-testid="content-pinned"
            />
          </Stack>
        </Card>
        <Group justify="flex-end" wrap="wrap">
          <Button variant="default" onClick={() => void navigate({ to: '/dynamicManage/table' })}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            type="submit"
            variant="light"
            loading={form.submitting && !publishAfter.current}
            disabled={form.isUploading}
            onClick={() => {
              publishAfter.current = false
            }}
            data-testid="content-save"
          >
            {item?.status === 'published' ? <Trans>Save</Trans> : <Trans>Save draft</Trans>}
          </Button>
          {item?.status === 'published' ? null : (
            <Button
              type="submit"
              loading={form.submitting && publishAfter.current}
              disabled={form.isUploading}
              onClick={() => {
                publishAfter.current = true
              }}
              data-testid="content-publish"
            >
              <Trans>Save and publish</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  )
}
