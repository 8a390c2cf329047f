// "Print labels": downloads the PDF sheet of QR labels for a room (everything it holds now) or for chosen
// artworks, saying while it streams how many labels it holds and how much has arrived. Shown only to users
// who may read the operations system (the API's privilege); refusals (an empty room, too many) toast.
import { Trans, useLingui } from '@lingui/react/macro'
import { Box, Button, type ButtonProps } from '@mantine/core'
import { IconQrcode } from '@tabler/icons-react'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { holds } from '../../../shared/access'
import { langOf } from '../../../shared/lang'
import { formatNumber } from '../../i18n/format'
import { useMe } from '../../session/use-session'
import { downloadLabels, type LabelProgress } from './download-labels'

export function PrintLabelsButton({
  roomId,
  artworkIds,
  compactOnPhone,
  ...button
}: {
  roomId?: string
  artworkIds?: string[]
  /** On a phone, the icon alone (a crowded bar); the words stay for screen readers. */
  compactOnPhone?: boolean
} & Pick<ButtonProps, 'variant' | 'size' | 'fullWidth'>) {
  const { t, i18n } = useLingui()
  const me = useMe()
  const [progress, setProgress] = useState<LabelProgress | null>(null)
  const printing = useMutation({
    mutationFn: () =>
      downloadLabels(
        { roomId, artworkIds },
        `${i18n.locale === 'en' ? 'artwork-labels' : '作品标签'}.pdf`,
        setProgress,
      ),
    onSettled: () => setProgress(null),
  })
  if (!holds(me, 'devOpsManage:view')) return null
  const nothing = !roomId && (artworkIds ?? []).length === 0
  const kb = progress ? formatNumber(Math.ceil(progress.bytes / 1024), langOf(i18n.locale)) : '0'
  const labels = progress?.labels ?? null
  return (
    <Button
      variant="default"
      {...button}
      leftSection={<IconQrcode size={16} />}
      disabled={nothing || printing.isPending}
      onClick={() => printing.mutate()}
      aria-busy={printing.isPending}
      aria-label={compactOnPhone && !printing.isPending ? t`Print labels` : undefined}
      data-testid="print-labels"
    >
      {!printing.isPending ? (
        <Box component="span" visibleFrom={compactOnPhone ? 'sm' : undefined}>
          <Trans>Print labels</Trans>
        </Box>
      ) : labels === null ? (
        <Trans>Preparing labels…</Trans>
      ) : (
        <span data-testid="print-labels-progress">{t`${labels} labels · ${kb} KB received`}</span>
      )}
    </Button>
  )
}
