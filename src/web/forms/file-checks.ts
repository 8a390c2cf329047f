// Checks on a picked file before it is sent, with the rules the server applies (src/shared/file-types.ts):
// the name's extension, the size limit of the purpose, and what the first bytes say the file is. The server
// decides again by content; these checks only spare a pointless upload and word the refusal (docs/architecture.md § Input rules, § Errors and behaviours).
import {
  EXCEL_MAX_BYTES,
  headFitsPurpose,
  KIND_EXTENSIONS,
  PURPOSE_KINDS,
  PURPOSE_MAX_BYTES,
  SNIFF_BYTES,
  sniffHead,
  type UploadPurpose,
} from '../../shared/file-types'

export type FileProblem =
  | { key: 'oneFileOnly' }
  | { key: 'incorrectFileFormat' }
  | { key: 'fileTooLarge'; limit: string }

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}

/** Extensions a purpose accepts (jpg, jpeg, jfif, png, mp4 for images; xlsx, xls for Excel; ...). */
export function acceptedExtensions(purpose: UploadPurpose): string[] {
  return PURPOSE_KINDS[purpose].flatMap((kind) => [...KIND_EXTENSIONS[kind]])
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`
  return `${bytes} B`
}

/** Name and size checks; `null` when the file may be sent. */
export function checkFile(file: { name: string; size: number }, purpose: UploadPurpose): FileProblem | null {
  if (!acceptedExtensions(purpose).includes(extensionOf(file.name))) return { key: 'incorrectFileFormat' }
  const max = PURPOSE_MAX_BYTES[purpose]
  if (max !== undefined && file.size > max) return { key: 'fileTooLarge', limit: formatBytes(max) }
  return null
}

/** Excel import (docs/architecture.md § Input rules): one file at a time, .xlsx or .xls, at most 3 MB. */
export function checkExcelSelection(files: readonly { name: string; size: number }[]): FileProblem | null {
  if (files.length !== 1) return files.length > 1 ? { key: 'oneFileOnly' } : null
  const file = files[0]
  if (!['xlsx', 'xls'].includes(extensionOf(file.name))) return { key: 'incorrectFileFormat' }
  if (file.size > EXCEL_MAX_BYTES) return { key: 'fileTooLarge', limit: formatBytes(EXCEL_MAX_BYTES) }
  return null
}

/** Do the first bytes fit the purpose? (A renamed file is refused here as it would be by the server.) */
export async function headFits(file: Blob, purpose: UploadPurpose): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer())
  return headFitsPurpose(sniffHead(head), purpose)
}
