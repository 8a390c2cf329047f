// The one upload control of the app (docs/architecture.md § Screens and routes, § Input rules, § Errors and behaviours): files picked or dropped are checked like the server
// checks them (a refusal is said at the field, in the catalogue's words), each uploaded with its own
// progress bar, preview (the local picture, a video's cover frame taken at 1 s) and Cancel, counted in the
// form's upload counter so submit waits for all of them. A field holding stored files (`value`, file ids)
// lists them with a thumbnail, name, size, Preview and Remove; one holding a single file (`single`)
// replaces it on the next pick; a screen that lists files itself takes each as it is stored (`onUploaded`).
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Box,
  Button,
  Card,
  CloseButton,
  FileButton,
  Group,
  Image,
  Input,
  Progress,
  Stack,
  Text,
} from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import type { FileView, UploadResponse } from '../../shared/contracts/files'
import { formatMessage } from '../../shared/errors'
import { IMAGE_EXTENSIONS, INLINE_KINDS, PURPOSE_ACCEPT, type UploadPurpose } from '../../shared/file-types'
import { isApiError } from '../api/api-error'
import { fileLink } from '../api/queries/files'
import { type UploadFields, type UploadProgress, uploadFile } from '../api/upload'
import { currentLanguage } from '../i18n/i18n'
import { IconFile, IconUpload } from '../shell/icons'
import { checkFile, extensionOf, type FileProblem, formatBytes, headFits } from './file-checks'
import { notifyMessage } from './notify'
import { storedFilesQuery } from './stored-files'
import type { UploadTracker } from './use-form'
import { captureVideoCover, type VideoCover } from './video-cover'

export { storedFilesQuery }

export interface FileUploadProps {
  purpose: UploadPurpose
  /** The stored files the field holds (ids), listed with preview and remove; leave out when the screen lists them. */
  value?: string[]
  onChange?: (ids: string[]) => void
  /** Each file as the server stored it (in the order they finish). */
  onUploaded?: (file: UploadResponse) => void | Promise<void>
  /** One file: a new pick replaces it, and a drop of several is refused. */
  single?: boolean
  /** Narrower than the purpose allows (images only where the purpose also takes MP4). */
  extensions?: readonly string[]
  /** At most this many files from one pick. */
  max?: number
  /** The form's upload counter (`form.uploads`): submit waits while any upload runs. */
  uploads?: UploadTracker
  label?: ReactNode
  description?: ReactNode
  required?: boolean
  error?: ReactNode
  disabled?: boolean
  /** The pick button's words (default: choose / add another / replace). */
  buttonLabel?: ReactNode
  /** A line inside the drop zone. */
  hint?: ReactNode
  /** Set while the screen works on what was uploaded (an import): the control waits. */
  busy?: ReactNode
  'data-field'?: string
  'data-testid'?: string
  /** For tests: how a file is sent, and how a video's cover is taken. */
  send?: (
    file: File,
    fields: UploadFields,
    onProgress: (p: UploadProgress) => void,
    signal: AbortSignal,
  ) => Promise<UploadResponse>
  capture?: (file: File) => Promise<VideoCover>
}

interface Running {
  key: string
  name: string
  percent: number
  /** A local picture of the file (object URL of an image, a video's cover frame). */
  picture: string | null
  isVideo: boolean
  controller: AbortController
}

const defaultSend: NonNullable<FileUploadProps['send']> = (file, fields, onProgress, signal) =>
  uploadFile(file, fields, { onProgress, signal })

/** Opens a stored file in a new window when the browser can show it, else says its preview is unavailable. */
export async function openPreview(file: FileView): Promise<void> {
  if (!INLINE_KINDS.has(file.kind)) {
    notifyMessage('unavailablePreview')
    return
  }
  const { links } = await fileLink(file.id, 'inline')
  if (links[0]) window.open(links[0].url, '_blank', 'noopener')
}

function problemText(problem: FileProblem): string {
  const lang = currentLanguage()
  return problem.key === 'fileTooLarge'
    ? formatMessage('fileTooLarge', lang, { limit: problem.limit })
    : formatMessage(problem.key, lang)
}

/** What a file looks like before it opens: a thumbnail, a picture, or the file icon. */
export function FilePreview({ name, src, isVideo }: { name: string; src: string | null; isVideo?: boolean }) {
  if (src)
    return (
      <Image
        src={src}
        alt={name}
        w={isVideo ? 72 : 48}
        h={48}
        fit="cover"
        radius="sm"
        data-fallback="none"
        data-testid={isVideo ? 'video-cover' : 'file-thumbnail'}
      />
    )
  return (
    <Box
      w={48}
      h={48}
      bg="gray.1"
      style={{ display: 'grid', placeItems: 'center', borderRadius: 4, flex: 'none' }}
    >
      <IconFile size={22} color="var(--mantine-color-gray-6)" />
    </Box>
  )
}

export function FileUpload({
  purpose,
  value,
  onChange,
  onUploaded,
  single = false,
  extensions,
  max = 20,
  uploads,
  label,
  description,
  required,
  error,
  disabled,
  buttonLabel,
  hint,
  busy,
  'data-field': dataField,
  'data-testid': testId = `upload-${purpose}`,
  send = defaultSend,
  capture = captureVideoCover,
}: FileUploadProps) {
  const { t } = useLingui()
  const [problem, setProblem] = useState<string | null>(null)
  const [running, setRunning] = useState<Running[]>([])
  const [dragging, setDragging] = useState(false)
  const [known, setKnown] = useState<Record<string, FileView>>({})
  /** The local picture of a file uploaded here, shown until the server's thumbnail is asked for. */
  const [localPictures, setLocalPictures] = useState<Record<string, string | null>>({})
  const ids = value ?? []
  // The latest list, for uploads that finish one after another before the screen renders again.
  const idsRef = useRef(ids)
  idsRef.current = ids
  const missing = ids.filter((id) => !known[id])
  const stored = useQuery({
    ...storedFilesQuery(missing),
    enabled: value !== undefined && missing.length > 0,
  })
  const links: Record<string, FileView & { thumbnailUrl?: string | null }> = { ...known }
  for (const f of stored.data ?? []) links[f.id] = f
  // One mutation for every upload: a server refusal goes through the app's one error handler like any call.
  const mutation = useMutation({
    mutationFn: (v: {
      file: File
      fields: UploadFields
      onProgress: (p: UploadProgress) => void
      signal: AbortSignal
    }) => send(v.file, v.fields, v.onProgress, v.signal),
  })
  const pictures = useRef(new Set<string>())
  useEffect(() => {
    const made = pictures.current
    return () => {
      for (const url of made) URL.revokeObjectURL(url)
    }
  }, [])

  async function one(file: File, key: string) {
    const end = uploads?.begin()
    const isVideo = purpose === 'video'
    const controller = new AbortController()
    let picture: string | null = null
    if (!isVideo && IMAGE_EXTENSIONS.includes(extensionOf(file.name))) {
      picture = URL.createObjectURL(file)
      pictures.current.add(picture)
    }
    setRunning((r) => [...r, { key, name: file.name, percent: 0, picture, isVideo, controller }])
    try {
      // A video's cover frame is part of its upload: taken first, sent with it (submit waits for both).
      let measured: VideoCover | null = null
      if (isVideo) {
        try {
          measured = await capture(file)
        } catch {
          notifyMessage('unavailablePreview')
        }
        const cover = measured?.cover ?? null
        setRunning((r) => r.map((x) => (x.key === key ? { ...x, picture: cover } : x)))
      }
      const fields: UploadFields = measured
        ? { purpose, width: measured.width, height: measured.height, cover: measured.cover }
        : { purpose }
      const result = await mutation.mutateAsync({
        file,
        fields,
        signal: controller.signal,
        onProgress: (p) =>
          setRunning((r) => r.map((x) => (x.key === key ? { ...x, percent: p.percent } : x))),
      })
      setKnown((prev) => ({ ...prev, [result.id]: result }))
      setLocalPictures((prev) => ({ ...prev, [result.id]: picture }))
      setRunning((r) => r.filter((x) => x.key !== key))
      if (onChange) {
        const next = single ? [result.id] : [...idsRef.current.filter((id) => id !== result.id), result.id]
        idsRef.current = next
        onChange(next)
      }
      await onUploaded?.(result)
    } catch (error) {
      const handledAbove = isApiError(error) && (error.kind === 'api' || error.kind === 'http')
      if (!(isApiError(error) && error.kind === 'aborted') && !handledAbove) notifyMessage('uploadFailed')
    } finally {
      end?.()
      setRunning((r) => r.filter((x) => x.key !== key))
    }
  }

  async function take(picked: File[]) {
    if (disabled || busy || picked.length === 0) return
    setProblem(null)
    if (single && picked.length > 1) {
      setProblem(problemText({ key: 'oneFileOnly' }))
      return
    }
    const accepted: File[] = []
    for (const file of picked.slice(0, max)) {
      const wrongExtension = extensions !== undefined && !extensions.includes(extensionOf(file.name))
      const refused: FileProblem | null = wrongExtension
        ? { key: 'incorrectFileFormat' }
        : checkFile(file, purpose)
      if (refused) setProblem(problemText(refused))
      else if (!(await headFits(file, purpose))) setProblem(problemText({ key: 'incorrectFileFormat' }))
      else accepted.push(file)
    }
    const stamp = Date.now()
    await Promise.all(accepted.map((file, i) => one(file, `${stamp}-${i}-${file.name}`)))
  }

  const accept = extensions ? extensions.map((e) => `.${e}`).join(',') : PURPOSE_ACCEPT[purpose]
  const uploading = running.length > 0
  const canPick = !disabled && !busy && !(single && uploading)
  const pickWords =
    buttonLabel ??
    (purpose === 'video' ? (
      <Trans>Choose a video</Trans>
    ) : single && ids.length > 0 ? (
      <Trans>Replace the file</Trans>
    ) : ids.length > 0 ? (
      <Trans>Add another file</Trans>
    ) : (
      <Trans>Choose a file</Trans>
    ))

  return (
    <Input.Wrapper
      label={label}
      description={description}
      required={required}
      error={problem ?? error}
      data-field={dataField}
      data-kind="files"
    >
      <Stack gap={6} mt={label ? 4 : 0}>
        {ids.map((id) => {
          const file = links[id]
          return (
            <Card key={id} withBorder padding="xs" radius="sm" data-testid="stored-file">
              <Group wrap="nowrap" gap="sm">
                <FilePreview name={file?.name ?? ''} src={file?.thumbnailUrl ?? localPictures[id] ?? null} />
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text fz="sm" truncate>
                    {file?.name ?? t`Stored file`}
                  </Text>
                  {file ? (
                    <Text fz="xs" c="dimmed">
                      {formatBytes(file.size)}
                    </Text>
                  ) : null}
                </Stack>
                {file ? (
                  <Button variant="subtle" size="compact-xs" onClick={() => void openPreview(file)}>
                    <Trans>Preview</Trans>
                  </Button>
                ) : null}
                {disabled || !onChange ? null : (
                  <CloseButton
                    aria-label={t`Remove the file`}
                    onClick={() => onChange(ids.filter((v) => v !== id))}
                  />
                )}
              </Group>
            </Card>
          )
        })}
        {running.map((r) => (
          <Card key={r.key} withBorder padding="xs" radius="sm" data-testid="upload-running">
            <Group wrap="nowrap" gap="sm">
              <FilePreview name={r.name} src={r.picture} isVideo={r.isVideo} />
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Text fz="sm" truncate>
                  {r.name}
                </Text>
                <Progress
                  value={r.percent}
                  size="sm"
                  animated
                  aria-label={r.name}
                  data-testid="upload-progress"
                />
                <Text fz="xs" c="dimmed">
                  <Trans>Uploading… {r.percent}%</Trans>
                </Text>
              </Stack>
              <Button variant="subtle" color="gray" size="compact-xs" onClick={() => r.controller.abort()}>
                <Trans>Cancel</Trans>
              </Button>
            </Group>
          </Card>
        ))}
        <Box
          p="xs"
          data-testid={testId}
          style={{
            border: `1px dashed var(--mantine-color-${dragging ? 'ink-6' : 'gray-4'})`,
            borderRadius: 6,
            background: dragging ? 'var(--mantine-color-ink-0)' : 'transparent',
          }}
          onDragOver={(event) => {
            event.preventDefault()
            setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault()
            setDragging(false)
            void take(Array.from(event.dataTransfer.files))
          }}
        >
          <Group gap="sm" justify="space-between" wrap="wrap">
            <Text fz="xs" c="dimmed">
              {busy ?? hint ?? <Trans>Drop files here, or</Trans>}
            </Text>
            <FileButton
              multiple={!single}
              accept={accept}
              disabled={!canPick}
              onChange={(files) => void take(files === null ? [] : Array.isArray(files) ? files : [files])}
            >
              {(props) => (
                <Button {...props} variant="default" size="xs" leftSection={<IconUpload size={14} />}>
                  {pickWords}
                </Button>
              )}
            </FileButton>
          </Group>
        </Box>
      </Stack>
    </Input.Wrapper>
  )
}
