// The download button of a printed report: the PDF in the language shown, saying while it streams how much
// has arrived. Shown only to users who hold the report's privilege (the API's, so the button never leads to a
// refusal); a refusal all the same (the record gone meanwhile) is toasted by the client's one handler. Each
// screen places the button of its own report; CollectionSummaryPdfButton is the data centre's.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, type ButtonProps } from '@mantine/core'
import { IconFileTypePdf } from '@tabler/icons-react'
import { useMutation } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useState } from 'react'
import { holds } from '../../../shared/access'
import { langOf } from '../../../shared/lang'
import type { PrivilegeKey } from '../../../shared/privileges'
import { REPORTS_API } from '../../../shared/report-paths'
import { formatNumber } from '../../i18n/format'
import { useMe } from '../../session/use-session'
import { downloadReport } from './download-report'

export function ReportPdfButton({
  url,
  fileName,
  privilege,
  label,
  ariaLabel,
  testId,
  ...button
}: {
  url: string
  /** Used only when the server's reply names no file. */
  fileName: string
  privilege: PrivilegeKey
  label: ReactNode
  /** The button's name for screen readers when the words alone are not enough (a list of reports). */
  ariaLabel?: string
  testId: string
} & Pick<ButtonProps, 'variant' | 'size' | 'fullWidth'>) {
  const { t, i18n } = useLingui()
  const me = useMe()
  const [bytes, setBytes] = useState<number | null>(null)
  const download = useMutation({
    mutationFn: () => downloadReport(url, fileName, setBytes),
    onSettled: () => setBytes(null),
  })
  if (!holds(me, privilege)) return null
  const kb = formatNumber(Math.ceil((bytes ?? 0) / 1024), langOf(i18n.locale))
  return (
    <Button
      variant="default"
      {...button}
      leftSection={<IconFileTypePdf size={16} />}
      disabled={download.isPending}
      onClick={() => download.mutate()}
      aria-busy={download.isPending}
      aria-label={!download.isPending ? ariaLabel : undefined}
      data-testid={testId}
    >
      {!download.isPending ? (
        label
      ) : bytes === null || bytes === 0 ? (
        <Trans>Preparing the PDF…</Trans>
      ) : (
        <span data-testid={`${testId}-progress`}>{t`${kb} KB received`}</span>
      )}
    </Button>
  )
}

type Look = Pick<ButtonProps, 'variant' | 'size' | 'fullWidth'>

/** The artwork detail's "Tear sheet (PDF)". */
export function TearSheetPdfButton({
  artworkId,
  inventoryNo,
  ...look
}: { artworkId: string; inventoryNo: string } & Look) {
  return (
    <ReportPdfButton
      {...look}
      url={REPORTS_API.tearSheet(artworkId)}
      fileName={`${inventoryNo}.pdf`}
      privilege="artworkArchive:view"
      label={<Trans>Tear sheet (PDF)</Trans>}
      testId="tear-sheet-pdf"
    />
  )
}

/** One condition report's "PDF" (the timeline's entry names which report it is for screen readers). */
export function ConditionReportPdfButton({
  artworkId,
  reportKey,
  name,
  ...look
}: { artworkId: string; reportKey: string; name: string } & Look) {
  const { t } = useLingui()
  return (
    <ReportPdfButton
      {...look}
      url={REPORTS_API.conditionReport(artworkId, reportKey)}
      fileName="condition-report.pdf"
      privilege="artworkArchive:view"
      label={<Trans>PDF</Trans>}
      ariaLabel={t`Condition report as PDF: ${name}`}
      testId="condition-report-pdf"
    />
  )
}

/** The policy's "Schedule (PDF)", beside its Excel export; with `at`, as it was on that day. */
export function SchedulePdfButton({
  policyId,
  policyNo,
  at = '',
  ...look
}: { policyId: string; policyNo: string; at?: string } & Look) {
  return (
    <ReportPdfButton
      size="xs"
      {...look}
      url={`${REPORTS_API.insuranceSchedule(policyId)}${at ? `?at=${encodeURIComponent(at)}` : ''}`}
      fileName={`${policyNo || 'schedule'}.pdf`}
      privilege="devOpsManage:view"
      label={<Trans>Schedule (PDF)</Trans>}
      testId="schedule-pdf"
    />
  )
}

/** The stocktake result's "Report (PDF)". */
export function StocktakePdfButton({ processId, ...look }: { processId: string } & Look) {
  return (
    <ReportPdfButton
      {...look}
      url={REPORTS_API.stocktake(processId)}
      fileName="stocktake-report.pdf"
      privilege="devOpsManage:view"
      label={<Trans>Report (PDF)</Trans>}
      testId="stocktake-pdf"
    />
  )
}

/** The data centre's "Collection summary (PDF)": counts and values by location, medium and status. */
export function CollectionSummaryPdfButton(props: Look) {
  const { i18n } = useLingui()
  return (
    <ReportPdfButton
      {...props}
      url={REPORTS_API.collectionSummary}
      fileName={i18n.locale === 'en' ? 'collection-summary.pdf' : '藏品概要.pdf'}
      privilege="art-data-center:view"
      label={<Trans>Collection summary (PDF)</Trans>}
      testId="collection-summary-pdf"
    />
  )
}

/** The warehouse room's "Grab sheet (PDF)": its works in salvage priority order, for an emergency. */
export function GrabSheetPdfButton({ roomId, ...look }: { roomId: string } & Look) {
  return (
    <ReportPdfButton
      {...look}
      url={REPORTS_API.grabSheet(roomId)}
      fileName="grab-sheet.pdf"
      privilege="devOpsManage:view"
      label={<Trans>Grab sheet (PDF)</Trans>}
      testId="grab-sheet-pdf"
    />
  )
}

/** The data centre's "Compliance map (PDF)": the Spectrum 5.1 procedures and how far each is supported. */
export function ComplianceMapPdfButton(props: Look) {
  return (
    <ReportPdfButton
      {...props}
      url={REPORTS_API.complianceMap}
      fileName="spectrum-compliance.pdf"
      privilege="art-data-center:view"
      label={<Trans>Compliance map (PDF)</Trans>}
      testId="compliance-pdf"
    />
  )
}
