// Artworks named by a step, read-only: a thumbnail, the title and inventory number, each opening the
// artwork's page in the archive — never their ids.
import { Trans } from '@lingui/react/macro'
import { Group, Stack, Text } from '@mantine/core'
import { ArtworkThumb, useFileLinks } from '../archive/ArtworkThumb'
import { AnchorLink } from './AnchorLink'
import { type ArtworkRef, useArtworkRefs } from './artwork-refs'

/** One artwork: thumbnail, title (a link to its page unless `plain`: a form's row must not leave the form). */
export function ArtworkLine({
  artwork,
  links,
  plain,
}: {
  artwork: ArtworkRef
  links: ReturnType<typeof useFileLinks>
  plain?: boolean
}) {
  return (
    <Group gap="sm" wrap="nowrap" data-artwork-id={artwork.id}>
      <ArtworkThumb fileId={artwork.previewFileId} links={links} alt={artwork.title} w={40} h={40} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        {plain ? (
          <Text fz="sm" fw={500} lineClamp={1}>
            {artwork.title}
          </Text>
        ) : (
          <AnchorLink to="/artworkArchive/detail" search={{ id: artwork.id }} fz="sm" lineClamp={1}>
            {artwork.title}
          </AnchorLink>
        )}
        <Text fz="xs" c="dimmed" lineClamp={1}>
          {[artwork.inventoryNo, artwork.artistName].filter(Boolean).join(' · ')}
        </Text>
      </Stack>
    </Group>
  )
}

export function RecordArtworks({ ids, roomId }: { ids: readonly string[]; roomId?: string }) {
  const { refs, unknown } = useArtworkRefs(ids, roomId)
  const shown = ids.map((id) => refs.get(id)).filter((a): a is ArtworkRef => !!a)
  const links = useFileLinks(shown.map((a) => a.previewFileId))
  if (ids.length === 0)
    return (
      <Text c="dimmed" fz="sm">
        <Trans>None</Trans>
      </Text>
    )
  return (
    <Stack gap={6} data-testid="record-artworks">
      {shown.map((a) => (
        <ArtworkLine key={a.id} artwork={a} links={links} />
      ))}
      {unknown.size > 0 ? (
        <Text fz="xs" c="dimmed">
          <Trans>{unknown.size} more no longer in the archive.</Trans>
        </Text>
      ) : null}
      {shown.length + unknown.size < ids.length ? (
        <Text fz="xs" c="dimmed">
          <Trans>Loading…</Trans>
        </Text>
      ) : null}
    </Stack>
  )
}
