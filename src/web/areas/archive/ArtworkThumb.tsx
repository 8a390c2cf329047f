// Server-made thumbnails (320 px JPEG) for lists and galleries: one signed-link call per page for all the
// files shown, so a list never downloads an original. A file without a thumbnail, or an artwork without a
// preview, shows the shell's default artwork picture (the same fallback a broken image gets).
import { Box, Image } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { FileLink } from '../../../shared/contracts/files'
import { thumbnailLinksQuery } from '../../api/queries/artworks'
import { FALLBACK_IMAGES } from '../../shell/image-fallback'

export function useFileLinks(fileIds: readonly (string | null | undefined)[]): Map<string, FileLink> {
  const ids = useMemo(
    () => [...new Set(fileIds.filter((id): id is string => typeof id === 'string' && id.length > 0))].sort(),
    [fileIds],
  )
  const links = useQuery(thumbnailLinksQuery(ids))
  return links.data?.byId ?? EMPTY
}
const EMPTY = new Map<string, FileLink>()

export interface ArtworkThumbProps {
  fileId: string | null | undefined
  links: Map<string, FileLink>
  alt: string
  w?: number | string
  h?: number | string
  radius?: string
  fit?: 'cover' | 'contain'
}

export function ArtworkThumb({
  fileId,
  links,
  alt,
  w = 56,
  h = 56,
  radius = 'sm',
  fit = 'cover',
}: ArtworkThumbProps) {
  const link = fileId ? links.get(fileId) : undefined
  const src = link?.thumbnailUrl ?? (fileId && !link ? null : FALLBACK_IMAGES.artwork)
  return (
    <Box
      w={w}
      h={h}
      style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden', flexShrink: 0 }}
      bg="gray.1"
    >
      {src ? (
        <Image
          src={src}
          alt={alt}
          w="100%"
          h="100%"
          fit={fit}
          radius={radius}
          data-fallback="artwork"
          loading="lazy"
        />
      ) : null}
    </Box>
  )
}
