// Revaluation from Excel: the template in either language, the file (Excel only, at most 3 MB) uploaded with
// its progress bar and then checked and written by the server in one go — every row good, or nothing written
// and every bad row listed with its column and reason (row numbers as Excel shows them).
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { ValuationImportResult } from '../../../shared/contracts/valuations'
import type { Lang } from '../../../shared/errors'
import { artworkKeys } from '../../api/queries/artworks'
import { invalidateRateFigures } from '../../api/queries/rate-figures'
import { importValuations, valuationKeys } from '../../api/queries/valuations'
import { BadRowsTable } from '../../forms/BadRowsTable'
import { ExcelImport } from '../../forms/ExcelImport'
import { showSuccess } from '../../forms/notify'
import { IconDownload } from '../archive/archive-icons'
import { downloadFromApi } from '../archive/download'

export function ValuationImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui()
  const phone = useMediaQuery('(max-width: 48em)')
  const queryClient = useQueryClient()
  const [result, setResult] = useState<ValuationImportResult | null>(null)
  const template = useMutation({
    mutationFn: (lang: Lang) =>
      downloadFromApi(
        'valuations/template',
        { lang },
        lang === 'en' ? 'valuation-import-template.xlsx' : '估值导入模板.xlsx',
      ),
  })
  const close = () => {
    setResult(null)
    onClose()
  }
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t`Revalue from Excel`}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <Stack gap="md" data-testid="valuation-import-dialog">
        <Text fz="sm" c="dimmed">
          <Trans>
            One row per valuation: inventory number, amount, currency, date, method, valuer and an optional
            note. Every row is checked first; if any row is wrong nothing is saved and the wrong rows are
            listed below.
          </Trans>
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} />}
            loading={template.isPending && template.variables === 'zh-CN'}
            onClick={() => template.mutate('zh-CN')}
          >
            <Trans>Template (Chinese)</Trans>
          </Button>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} />}
            loading={template.isPending && template.variables === 'en'}
            onClick={() => template.mutate('en')}
          >
            <Trans>Template (English)</Trans>
          </Button>
        </Group>
        <ExcelImport
          onUploaded={(file) => importValuations(file.id)}
          onImported={async (r) => {
            setResult(r)
            if (r.status === 'done') {
              showSuccess(t`${r.imported} valuations imported`)
              await Promise.all([
                queryClient.invalidateQueries({ queryKey: valuationKeys.all }),
                queryClient.invalidateQueries({ queryKey: artworkKeys.all }),
                invalidateRateFigures(queryClient),
              ])
            }
          }}
        />
        {result?.status === 'done' ? (
          <Alert color="teal" data-testid="valuation-import-done">
            <Trans>
              {result.imported} valuations imported; {result.becameLatest} artworks have a new latest
              valuation.
            </Trans>
          </Alert>
        ) : null}
        {result?.status === 'refused' ? (
          <Stack gap="xs" data-testid="valuation-import-errors">
            <Alert color="red">
              <Trans>
                Nothing was saved: {result.errors.length} problems in {result.totalRows} rows. Correct them
                and import the file again.
              </Trans>
            </Alert>
            <BadRowsTable rows={result.errors} />
          </Stack>
        ) : null}
      </Stack>
    </Modal>
  )
}
