// Excel import (docs/architecture.md § Input rules, § Formats): the kit's upload control taking one .xlsx or .xls of at most 3 MB (checked
// before sending, in the catalogue's fixed words: "Only one file may be selected at a time", "Incorrect file format"),
// uploaded with progress (purpose `excel`) and handed to the screen's import call; a failure that is not the
// server's own refusal is "Import failed".
import { Trans } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import type { UploadResponse } from '../../shared/contracts/files'
import { isApiError } from '../api/api-error'
import { FileUpload } from './FileUpload'
import { notifyMessage } from './notify'
import type { UploadTracker } from './use-form'

export interface ExcelImportProps<R> {
  /** The screen's import call with the stored file; its answer goes to onImported. */
  onUploaded: (file: UploadResponse) => Promise<R>
  onImported?: (result: R) => void
  uploads?: UploadTracker
  disabled?: boolean
}

export function ExcelImport<R>({ onUploaded, onImported, uploads, disabled }: ExcelImportProps<R>) {
  const importing = useMutation({ mutationFn: onUploaded })

  async function run(stored: UploadResponse) {
    try {
      const result = await importing.mutateAsync(stored)
      onImported?.(result)
    } catch (error) {
      // The server's own refusal was shown by the error handler; anything else is "Import failed".
      if (!(isApiError(error) && error.kind === 'api')) notifyMessage('importFailed')
    }
  }

  return (
    <FileUpload
      purpose="excel"
      single
      uploads={uploads}
      disabled={disabled}
      onUploaded={run}
      hint={<Trans>Drop an Excel file here, or choose one (.xlsx or .xls, at most 3 MB).</Trans>}
      busy={importing.isPending ? <Trans>Importing…</Trans> : undefined}
      buttonLabel={<Trans>Choose an Excel file</Trans>}
      data-testid="excel-import"
    />
  )
}
