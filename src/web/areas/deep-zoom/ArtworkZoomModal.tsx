// "Zoom" on an artwork's image: the artwork's IIIF manifest (docs/iiif.md) read for the image's canvas, its
// title and details in the language shown (the manifest's language maps), and the image deep-zoomed from its
// IIIF service.
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Alert, Center, Loader, Modal, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { Lang } from '../../../shared/errors'
import { artworkManifestQuery } from '../../api/queries/iiif'
import { DeepZoom } from './DeepZoomLazy'
import { canvasImages, canvasOfFile, languageText } from './manifest-reader'

export function ArtworkZoomModal({
  artworkId,
  fileId,
  onClose,
  lang,
}: {
  artworkId: string
  /** The image to zoom, or null when closed. */
  fileId: string | null
  onClose: () => void
  lang: Lang
}) {
  const { i18n } = useLingui()
  const manifest = useQuery({ ...artworkManifestQuery(artworkId), enabled: fileId !== null })
  const data = manifest.data
  const canvas = data && fileId ? canvasOfFile(canvasImages(data), fileId) : undefined
  const title = data ? languageText(data.label, lang) : ''
  const part = canvas ? languageText(canvas.label, lang) : ''
  const details = (data?.metadata ?? [])
    .slice(1) // the title, already the heading
    .map((m) => `${languageText(m.label, lang)} ${languageText(m.value, lang)}`)
    .filter((line) => line.trim() !== '')
  const name = [title, part].filter(Boolean).join(' · ')
  return (
    <Modal
      opened={fileId !== null}
      onClose={onClose}
      size="90rem"
      centered
      closeButtonProps={{ 'aria-label': i18n._(msg`Close`) }}
      title={
        <Stack gap={0}>
          <Text fw={600} fz="sm" component="span" data-testid="zoom-title">
            {name || i18n._(msg`Zoom`)}
          </Text>
          {details.length > 0 ? (
            <Text fz="xs" c="dimmed" component="span" data-testid="zoom-details">
              {details.join(' · ')}
            </Text>
          ) : null}
        </Stack>
      }
      data-testid="zoom-viewer"
    >
      {manifest.isPending ? (
        <Center h="70vh">
          <Loader aria-label={i18n._(msg`Loading the image`)} />
        </Center>
      ) : manifest.isError ? (
        <Alert color="red" variant="light" data-testid="zoom-unavailable">
          <Trans>The image could not be loaded for zooming.</Trans>
        </Alert>
      ) : !canvas ? (
        <Alert color="red" variant="light" data-testid="zoom-unavailable">
          <Trans>This image cannot be zoomed: it is not among the artwork's images that can be tiled.</Trans>
        </Alert>
      ) : (
        <DeepZoom
          source={canvas}
          label={i18n._(msg`Zoomable image: ${name}`)}
          height="72vh"
          testId="deep-zoom"
        />
      )}
    </Modal>
  )
}
