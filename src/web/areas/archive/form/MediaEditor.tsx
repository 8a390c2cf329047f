// The media of the artwork form (docs/architecture.md § Records, § Input rules): images typed by ART_PIC_TYPE with exactly one preview,
// videos with their cover frame taken at 1 s, the zip of source files, and other documents. Uploads run
// through the form's counter, so the record cannot be saved while any of them is still on its way.
import { Trans, useLingui } from '@lingui/react/macro'
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Card,
  Group,
  Popover,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core'
import { ARTWORK_LIMITS, type MediaItem, type MediaRights, NO_RIGHTS } from '../../../../shared/artwork-rules'
import type { FileView, UploadResponse } from '../../../../shared/contracts/files'
import { IMAGE_EXTENSIONS } from '../../../../shared/file-types'
import { FileUpload } from '../../../forms/FileUpload'
import { formatBytes } from '../../../forms/file-checks'
import { clampLength } from '../../../forms/money'
import type { UploadTracker } from '../../../forms/use-form'
import { IconFile } from '../../../shell/icons'
import { ArtworkThumb, useFileLinks } from '../ArtworkThumb'
import { IconPlay, IconTrash } from '../archive-icons'
import type { Option } from '../reference-data'

/** What the form knows of a stored file it links to (from the detail, or from the upload's answer). */
export interface FileFacts {
  id: string
  name: string
  mime: string
  size: number
  width: number | null
  height: number | null
  coverFileId: string | null
}

export type MediaInput = Omit<MediaItem, 'picType' | 'isPreview' | 'caption' | 'rights'> & {
  picType?: string
  isPreview?: boolean
  caption?: string
  rights?: MediaRights
}

export function factsOf(file: UploadResponse | FileView): FileFacts {
  return {
    id: file.id,
    name: file.name,
    mime: file.mime,
    size: file.size,
    width: file.width,
    height: file.height,
    coverFileId: file.coverFileId,
  }
}

const L = ARTWORK_LIMITS

export interface MediaEditorProps {
  media: MediaInput[]
  /** A new list, or an update of the latest one (uploads finish one after another). */
  onMedia: (update: MediaInput[] | ((prev: MediaInput[]) => MediaInput[])) => void
  zipFileId: string | null
  onZip: (id: string | null) => void
  facts: ReadonlyMap<string, FileFacts>
  onFacts: (facts: FileFacts[]) => void
  errors: Record<string, string>
  picTypes: Option[]
  uploads: UploadTracker
  disabled?: boolean
}

function SectionTitle({ children, hint }: { children: React.ReactNode; hint?: React.ReactNode }) {
  return (
    <Stack gap={0} mb={6}>
      <Title order={4} fz={14} fw={600}>
        {children}
      </Title>
      {hint ? (
        <Text fz="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Stack>
  )
}

/**
 * The rights in one media file (who holds them, the licence, the credit line, what may not be done), edited in a
 * popover beside the file; the button says whether any are recorded.
 */
function RightsButton({
  rights,
  onChange,
  errors,
  prefix,
  disabled,
}: {
  rights: MediaRights | undefined
  onChange: (rights: MediaRights) => void
  errors: Record<string, string>
  prefix: string
  disabled?: boolean
}) {
  const { t } = useLingui()
  const r = { ...NO_RIGHTS, ...rights }
  const recorded = Boolean(r.holder || r.licence || r.credit || r.restrictions)
  const wrong = Object.keys(errors).some((k) => k.startsWith(`${prefix}.rights`))
  const set = (patch: Partial<MediaRights>) => onChange({ ...r, ...patch })
  const field = (key: keyof MediaRights) => errors[`${prefix}.rights.${key}`]
  return (
    <Popover width={320} position="bottom-start" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <Badge
          component="button"
          type="button"
          variant={recorded ? 'light' : 'outline'}
          color={wrong ? 'red' : recorded ? 'teal' : 'gray'}
          style={{ cursor: 'pointer' }}
          data-testid="media-rights"
        >
          {recorded ? <Trans>Rights recorded</Trans> : <Trans>Rights</Trans>}
        </Badge>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          {(
            [
              ['holder', t`Rights holder`, L.rightsHolder],
              ['licence', t`Licence`, L.licence],
              ['credit', t`Credit line`, L.credit],
            ] as const
          ).map(([key, label, max]) => (
            <TextInput
              key={key}
              size="xs"
              label={label}
              value={r[key]}
              onChange={(e) => set({ [key]: clampLength(e.currentTarget.value, max) })}
              error={field(key)}
              disabled={disabled}
              data-testid={`media-rights-${key}`}
            />
          ))}
          <Textarea
            size="xs"
            label={t`Restrictions`}
            autosize
            minRows={2}
            value={r.restrictions}
            onChange={(e) => set({ restrictions: clampLength(e.currentTarget.value, L.restrictions) })}
            error={field('restrictions')}
            disabled={disabled}
            data-testid="media-rights-restrictions"
          />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  )
}

export function MediaEditor({
  media,
  onMedia,
  zipFileId,
  onZip,
  facts,
  onFacts,
  errors,
  picTypes,
  uploads,
  disabled,
}: MediaEditorProps) {
  const { t } = useLingui()
  const links = useFileLinks(media.map((m) => m.fileId))
  const indexed = media.map((m, index) => ({ m, index }))
  const images = indexed.filter(({ m }) => m.kind === 'image')
  const videos = indexed.filter(({ m }) => m.kind === 'video')
  const others = indexed.filter(({ m }) => m.kind === 'other')
  const set = (index: number, patch: Partial<MediaInput>) =>
    onMedia(media.map((m, i) => (i === index ? { ...m, ...patch } : m)))
  const remove = (index: number) => {
    const gone = media[index]
    const rest = media.filter((_, i) => i !== index)
    // The preview cannot disappear silently: the first remaining image takes its place.
    if (gone.kind === 'image' && gone.isPreview) {
      const next = rest.findIndex((m) => m.kind === 'image')
      if (next >= 0) rest[next] = { ...rest[next], isPreview: true }
    }
    onMedia(rest)
  }
  const add = (file: UploadResponse, kind: MediaInput['kind']) => {
    onFacts([factsOf(file)])
    // Functional update: several uploads finish one after another before the form re-renders.
    onMedia((prev) => {
      if (prev.some((m) => m.fileId === file.id)) return prev
      const first = kind === 'image' && !prev.some((m) => m.kind === 'image')
      return [...prev, { fileId: file.id, kind, picType: '', isPreview: first, caption: '' }]
    })
  }
  const previewIndex = media.findIndex((m) => m.kind === 'image' && m.isPreview)
  const mediaError = errors.media

  return (
    <Stack gap="lg" data-testid="media-editor">
      {mediaError ? (
        <Alert color="red" variant="light" py="xs" data-testid="media-error">
          {mediaError}
        </Alert>
      ) : null}

      <Box>
        <SectionTitle
          hint={
            <Trans>
              JPG, JPEG, JFIF or PNG. One image is the preview shown in lists; every image needs its picture
              type.
            </Trans>
          }
        >
          <Trans>Images</Trans> *
        </SectionTitle>
        <Radio.Group
          value={previewIndex >= 0 ? String(previewIndex) : null}
          onChange={(v) =>
            onMedia(media.map((m, i) => ({ ...m, isPreview: m.kind === 'image' && String(i) === v })))
          }
        >
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3, xl: 4 }} spacing="sm" mb="sm">
            {images.map(({ m, index }) => {
              const f = facts.get(m.fileId)
              return (
                <Card key={m.fileId} withBorder radius="md" padding="xs" data-testid="image-item">
                  <Stack gap={6}>
                    <Box style={{ position: 'relative' }}>
                      <ArtworkThumb fileId={m.fileId} links={links} alt={f?.name ?? ''} w="100%" h={140} />
                      {m.isPreview ? (
                        <Badge
                          size="xs"
                          color="bronze"
                          variant="filled"
                          style={{ position: 'absolute', top: 6, left: 6 }}
                        >
                          <Trans>Preview</Trans>
                        </Badge>
                      ) : null}
                      <Tooltip label={t`Remove the image`}>
                        <ActionIcon
                          variant="white"
                          color="gray"
                          size="sm"
                          style={{ position: 'absolute', top: 6, right: 6 }}
                          onClick={() => remove(index)}
                          aria-label={t`Remove the image`}
                          disabled={disabled}
                        >
                          <IconTrash size={14} />
                        </ActionIcon>
                      </Tooltip>
                    </Box>
                    <Text fz="xs" c="dimmed" truncate>
                      {f ? `${f.name} · ${formatBytes(f.size)}` : ''}
                    </Text>
                    <Select
                      size="xs"
                      data={picTypes}
                      value={m.picType || null}
                      onChange={(v) => set(index, { picType: v ?? '' })}
                      placeholder={t`Picture type`}
                      aria-label={t`Picture type`}
                      error={errors[`media.${index}.picType`]}
                      disabled={disabled}
                      data-testid="image-pic-type"
                    />
                    <TextInput
                      size="xs"
                      value={m.caption ?? ''}
                      onChange={(e) => set(index, { caption: clampLength(e.currentTarget.value, L.caption) })}
                      placeholder={t`Caption`}
                      aria-label={t`Caption`}
                      error={errors[`media.${index}.caption`]}
                      disabled={disabled}
                    />
                    <RightsButton
                      rights={m.rights}
                      onChange={(rights) => set(index, { rights })}
                      errors={errors}
                      prefix={`media.${index}`}
                      disabled={disabled}
                    />
                    <Radio
                      value={String(index)}
                      label={t`Use as the preview`}
                      size="xs"
                      disabled={disabled}
                      data-testid="image-preview-radio"
                    />
                  </Stack>
                </Card>
              )
            })}
          </SimpleGrid>
        </Radio.Group>
        <FileUpload
          purpose="image"
          extensions={IMAGE_EXTENSIONS}
          buttonLabel={<Trans>Add images</Trans>}
          uploads={uploads}
          onUploaded={(file) => add(file, 'image')}
          disabled={disabled || media.length >= L.media}
          data-testid="multi-upload-image"
        />
      </Box>

      <Box>
        <SectionTitle hint={<Trans>MP4. The frame at one second becomes its cover.</Trans>}>
          <Trans>Videos</Trans>
        </SectionTitle>
        <Stack gap="xs" mb="xs">
          {videos.map(({ m, index }) => {
            const f = facts.get(m.fileId)
            return (
              <Card key={m.fileId} withBorder radius="md" padding="xs" data-testid="video-item">
                <Group wrap="nowrap" gap="sm">
                  <Box style={{ position: 'relative' }}>
                    <ArtworkThumb fileId={m.fileId} links={links} alt={f?.name ?? ''} w={112} h={70} />
                    <Box
                      style={{
                        position: 'absolute',
                        inset: 0,
                        display: 'grid',
                        placeItems: 'center',
                        color: 'white',
                      }}
                    >
                      <IconPlay size={22} fill="rgba(0,0,0,.45)" />
                    </Box>
                  </Box>
                  <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                    <Text fz="sm" truncate>
                      {f?.name ?? ''}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {[f?.width && f?.height ? `${f.width} × ${f.height}` : '', f ? formatBytes(f.size) : '']
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                    <TextInput
                      size="xs"
                      value={m.caption ?? ''}
                      onChange={(e) => set(index, { caption: clampLength(e.currentTarget.value, L.caption) })}
                      placeholder={t`Caption`}
                      aria-label={t`Caption`}
                      disabled={disabled}
                    />
                    <Group>
                      <RightsButton
                        rights={m.rights}
                        onChange={(rights) => set(index, { rights })}
                        errors={errors}
                        prefix={`media.${index}`}
                        disabled={disabled}
                      />
                    </Group>
                  </Stack>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    onClick={() => remove(index)}
                    aria-label={t`Remove the video`}
                    disabled={disabled}
                  >
                    <IconTrash />
                  </ActionIcon>
                </Group>
              </Card>
            )
          })}
        </Stack>
        <FileUpload
          purpose="video"
          uploads={uploads}
          disabled={disabled || media.length >= L.media}
          onUploaded={(file) => add(file, 'video')}
        />
      </Box>

      <Box>
        <SectionTitle
          hint={<Trans>One zip of the source files (raw photographs, scans, certificates).</Trans>}
        >
          <Trans>Source files (zip)</Trans>
        </SectionTitle>
        <FileUpload
          purpose="archive"
          single
          value={zipFileId ? [zipFileId] : []}
          onChange={(ids) => onZip(ids[0] ?? null)}
          onUploaded={(file) => onFacts([factsOf(file)])}
          uploads={uploads}
          disabled={disabled}
          error={errors.zipFileId}
        />
      </Box>

      <Box>
        <SectionTitle
          hint={<Trans>Condition reports, certificates, invoices: PDF, images, Word or Excel.</Trans>}
        >
          <Trans>Other files</Trans>
        </SectionTitle>
        <Stack gap={6} mb="xs">
          {others.map(({ m, index }) => {
            const f = facts.get(m.fileId)
            return (
              <Group key={m.fileId} gap="sm" wrap="nowrap" data-testid="other-file-item">
                <IconFile size={20} color="var(--mantine-color-gray-6)" />
                <Text fz="sm" style={{ flex: '0 1 260px', minWidth: 0 }} truncate>
                  {f?.name ?? ''}
                  <Text span fz="xs" c="dimmed">
                    {f ? ` · ${formatBytes(f.size)}` : ''}
                  </Text>
                </Text>
                <TextInput
                  size="xs"
                  value={m.caption ?? ''}
                  onChange={(e) => set(index, { caption: clampLength(e.currentTarget.value, L.caption) })}
                  placeholder={t`What it is`}
                  aria-label={t`Caption`}
                  style={{ flex: 1 }}
                  disabled={disabled}
                />
                <RightsButton
                  rights={m.rights}
                  onChange={(rights) => set(index, { rights })}
                  errors={errors}
                  prefix={`media.${index}`}
                  disabled={disabled}
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={() => remove(index)}
                  aria-label={t`Remove the file`}
                  disabled={disabled}
                >
                  <IconTrash />
                </ActionIcon>
              </Group>
            )
          })}
        </Stack>
        <FileUpload
          purpose="attachment"
          buttonLabel={<Trans>Add files</Trans>}
          uploads={uploads}
          onUploaded={(file) => add(file, 'other')}
          disabled={disabled || media.length >= L.media}
          data-testid="multi-upload-attachment"
        />
      </Box>
    </Stack>
  )
}
