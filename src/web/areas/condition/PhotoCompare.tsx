// Two condition photographs side by side, deep-zoomed from their IIIF image services and moving together
// (the same zoom and centre), to see a scratch then and now. Any two photographs of the artwork's reports may
// be chosen; the first pair is the newest photograph beside the newest one of an earlier report.
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Center, Grid, Loader, Modal, Select, Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import type { ConditionPhoto, ConditionReport } from '../../../shared/contracts/condition'
import { IIIF_API } from '../../../shared/contracts/iiif'
import type { Lang } from '../../../shared/errors'
import { fileKeys, fileLink } from '../../api/queries/files'
import { MANIFEST_REFRESH_MS } from '../../api/queries/iiif'
import { formatDate } from '../../i18n/format'
import { previewKindOf } from '../archive/detail/MediaViewer'
import { DeepZoom } from '../deep-zoom/DeepZoomLazy'
import { queryOf } from '../deep-zoom/manifest-reader'
import { ViewSync } from '../deep-zoom/view-sync'
import { HANDOVER_LABELS, reportDate } from './words'

export interface ComparablePhoto {
  photo: ConditionPhoto
  /** Index of its report in the artwork's reports (newest first). */
  report: number
  /** The hand-over, its date and the file's name. */
  label: string
}

/** The photographs that can be tiled (images with a known size), newest report first. */
export function comparablePhotos(
  reports: ConditionReport[],
  word: (r: ConditionReport) => string,
): ComparablePhoto[] {
  return reports.flatMap((r, report) =>
    r.photos
      .filter((p) => previewKindOf(p.mime) === 'image' && p.width && p.height)
      .map((photo) => ({ photo, report, label: `${word(r)} · ${photo.name}` })),
  )
}

/** The first pair: the newest photograph, and the newest of an earlier report (else the next one). */
export function firstPair(photos: ComparablePhoto[]): [string, string] | null {
  if (photos.length < 2) return null
  const [now] = photos
  const then = photos.find((p) => p.report > now.report) ?? photos[1]
  return [then.photo.fileId, now.photo.fileId]
}

function PhotoView({
  photo,
  label,
  sync,
  testId,
}: {
  photo: ComparablePhoto
  label: string
  sync: ViewSync
  testId: string
}) {
  const fileId = photo.photo.fileId
  const link = useQuery({
    queryKey: fileKeys.link(fileId, 'inline'),
    queryFn: () => fileLink(fileId, 'inline'),
    staleTime: MANIFEST_REFRESH_MS,
    refetchInterval: MANIFEST_REFRESH_MS,
  })
  const url = link.data?.links[0]?.url
  if (!url)
    return (
      <Center h="60vh">
        <Loader />
      </Center>
    )
  return (
    <DeepZoom
      source={{ service: IIIF_API.image(fileId), query: queryOf(url) }}
      label={label}
      sync={sync}
      height="60vh"
      testId={testId}
    />
  )
}

export function PhotoCompare({
  reports,
  opened,
  onClose,
  lang,
}: {
  reports: ConditionReport[]
  opened: boolean
  onClose: () => void
  lang: Lang
}) {
  const { i18n } = useLingui()
  const photos = useMemo(
    () =>
      comparablePhotos(
        reports,
        (r) => `${i18n._(HANDOVER_LABELS[r.kind])} · ${formatDate(reportDate(r), lang)}`,
      ),
    [reports, i18n, lang],
  )
  const pair = firstPair(photos)
  const [left, setLeft] = useState<string | null>(null)
  const [right, setRight] = useState<string | null>(null)
  const sync = useMemo(() => new ViewSync(), [])
  const chosen = [left ?? pair?.[0], right ?? pair?.[1]].map((id) =>
    photos.find((p) => p.photo.fileId === id),
  )
  const options = photos.map((p) => ({ value: p.photo.fileId, label: p.label }))
  const side = (which: 0 | 1, value: string | null | undefined, onChange: (v: string | null) => void) => {
    const photo = chosen[which]
    const title = which === 0 ? i18n._(msg`Left photograph`) : i18n._(msg`Right photograph`)
    return (
      <Grid.Col span={{ base: 12, sm: 6 }} data-testid={`compare-side-${which === 0 ? 'left' : 'right'}`}>
        <Stack gap="xs">
          <Select
            label={title}
            data={options}
            value={value ?? null}
            onChange={(v) => v && onChange(v)}
            allowDeselect={false}
            data-testid={`compare-choose-${which === 0 ? 'left' : 'right'}`}
          />
          {photo ? (
            <PhotoView
              key={photo.photo.fileId}
              photo={photo}
              label={`${title}: ${photo.label}`}
              sync={sync}
              testId={`compare-zoom-${which === 0 ? 'left' : 'right'}`}
            />
          ) : null}
        </Stack>
      </Grid.Col>
    )
  }
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="100%"
      closeButtonProps={{ 'aria-label': i18n._(msg`Close`) }}
      title={<Trans>Condition photographs side by side (zoom and move together)</Trans>}
      data-testid="photo-compare"
    >
      {pair ? (
        <Grid gap="md">
          {side(0, left ?? pair[0], setLeft)}
          {side(1, right ?? pair[1], setRight)}
        </Grid>
      ) : null}
    </Modal>
  )
}
