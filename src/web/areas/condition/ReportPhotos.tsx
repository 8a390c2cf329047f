// A report's photographs as thumbnails; a click opens them in the archive's viewer (zoom, previous/next,
// download). The server's thumbnails are asked for all of them in one call.
import { useLingui } from '@lingui/react/macro'
import { SimpleGrid, Text, UnstyledButton } from '@mantine/core'
import { useMemo, useState } from 'react'
import type { ArtworkMediaView } from '../../../shared/contracts/artworks'
import type { ConditionPhoto } from '../../../shared/contracts/condition'
import type { Lang } from '../../../shared/errors'
import { ArtworkThumb, useFileLinks } from '../archive/ArtworkThumb'
import { MediaViewer, previewKindOf } from '../archive/detail/MediaViewer'

/** A photograph as the viewer takes an artwork's media. */
function asMedia(photo: ConditionPhoto, caption: string): ArtworkMediaView {
  const kind = previewKindOf(photo.mime)
  return {
    id: photo.fileId,
    fileId: photo.fileId,
    kind: kind === 'image' ? 'image' : kind === 'video' ? 'video' : 'other',
    isVideo: kind === 'video' ? '1' : '0',
    picType: '',
    picTypeLabel: caption,
    isPreview: false,
    caption: '',
    name: photo.name,
    mime: photo.mime,
    size: photo.size,
    width: photo.width,
    height: photo.height,
    coverFileId: null,
    hasThumbnail: photo.hasThumbnail,
  }
}

export function ReportPhotos({
  photos,
  caption,
  lang,
  size = 88,
}: {
  photos: ConditionPhoto[]
  /** What the viewer's title says the photographs are (the hand-over and its date). */
  caption: string
  lang: Lang
  size?: number
}) {
  const { t } = useLingui()
  const [open, setOpen] = useState<number | null>(null)
  const ids = useMemo(() => photos.map((p) => p.fileId), [photos])
  const links = useFileLinks(ids)
  const items = useMemo(() => photos.map((p) => asMedia(p, caption)), [photos, caption])
  if (photos.length === 0)
    return (
      <Text fz="sm" c="dimmed" data-testid="no-photos">
        {t`No photographs`}
      </Text>
    )
  return (
    <>
      <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs" data-testid="report-photos">
        {photos.map((p, i) => (
          <UnstyledButton
            key={p.fileId}
            onClick={() => setOpen(i)}
            aria-label={t`Open photograph ${p.name}`}
            data-testid="report-photo"
          >
            <ArtworkThumb fileId={p.fileId} links={links} alt={p.name} w="100%" h={size} />
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <MediaViewer items={items} index={open} onIndex={setOpen} lang={lang} />
    </>
  )
}
