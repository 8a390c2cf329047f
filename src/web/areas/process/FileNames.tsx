// Stored files by name (records of submitted steps, the history's attachments), each opening in the
// archive's viewer: images zoomable, PDFs inline, anything else offered for download. The name, its size and
// an icon of its kind say what will open.
import { useLingui } from '@lingui/react/macro'
import { Anchor, Group, Stack, Text } from '@mantine/core'
import { IconFile, IconFileTypePdf, IconPhoto } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { ArtworkMediaView } from '../../../shared/contracts/artworks'
import type { FileView } from '../../../shared/contracts/files'
import { isImageKind } from '../../../shared/file-types'
import { storedFilesQuery } from '../../forms/FileListUpload'
import { formatBytes } from '../../forms/file-checks'
import { MediaViewer } from '../archive/detail/MediaViewer'
import { useLang } from './machine-words'

/** A stored file as the viewer shows it (an attachment has no caption or picture type of its own). */
export function viewerItem(f: FileView): ArtworkMediaView {
  const image = isImageKind(f.kind)
  return {
    id: f.id,
    fileId: f.id,
    kind: image ? 'image' : f.kind === 'mp4' ? 'video' : 'other',
    isVideo: f.kind === 'mp4' ? '1' : '0',
    picType: '',
    picTypeLabel: '',
    isPreview: false,
    caption: '',
    name: f.name,
    mime: f.mime,
    size: f.size,
    width: f.width,
    height: f.height,
    coverFileId: f.coverFileId,
    hasThumbnail: f.hasThumbnail,
  }
}

function KindIcon({ kind }: { kind: FileView['kind'] }) {
  if (kind === 'pdf') return <IconFileTypePdf size={16} aria-hidden />
  if (isImageKind(kind)) return <IconPhoto size={16} aria-hidden />
  return <IconFile size={16} aria-hidden />
}

export function FileNames({ ids }: { ids: string[] }) {
  const { t } = useLingui()
  const lang = useLang()
  const [viewing, setViewing] = useState<number | null>(null)
  const { data, isPending } = useQuery({ ...storedFilesQuery(ids), enabled: ids.length > 0 })
  if (ids.length === 0) return <Text c="dimmed">—</Text>
  const files = (data ?? []).filter((f) => ids.includes(f.id))
  if (isPending)
    return (
      <Text fz="sm" c="dimmed">
        {t`Loading…`}
      </Text>
    )
  return (
    <Stack gap={4} data-testid="file-names">
      {files.map((f, i) => (
        <Group key={f.id} gap={6} wrap="nowrap">
          <KindIcon kind={f.kind} />
          <Anchor
            component="button"
            type="button"
            fz="sm"
            ta="left"
            onClick={() => setViewing(i)}
            data-file-id={f.id}
            data-testid="file-name"
          >
            {f.name}
          </Anchor>
          <Text fz="xs" c="dimmed">
            {formatBytes(f.size)}
          </Text>
        </Group>
      ))}
      <MediaViewer items={files.map(viewerItem)} index={viewing} onIndex={setViewing} lang={lang} />
    </Stack>
  )
}
