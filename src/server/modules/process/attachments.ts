// Files named in a step's payload must exist, and where a form takes PDFs only (due-diligence report,
// contract), be PDFs by content. The browser refuses a wrong file at the field; this refuses it again when
// the browser is bypassed.
import { inArray } from 'drizzle-orm'
import { fileRefs } from '../../../shared/process-steps/files'
import type { DbOrTx } from '../../db/client'
import { files } from '../../db/schema'
import { invalid } from '../../http/app-error'

/** Fields whose files must be PDFs, by step key. */
const PDF_ONLY: Record<string, string[]> = {
  dueDiligence: ['attachments'],
  contract: ['attachments'],
}

export async function assertAttachments(db: DbOrTx, step: string | null, payload: unknown): Promise<void> {
  const refs = fileRefs(payload)
  if (refs.length === 0) return
  const rows = await db
    .select({ id: files.id, kind: files.kind })
    .from(files)
    .where(inArray(files.id, [...new Set(refs.map((r) => r.id))]))
  const kinds = new Map(rows.map((r) => [r.id, r.kind]))
  const pdfOnly = new Set(step ? (PDF_ONLY[step] ?? []) : [])
  const fieldErrors: Record<string, string> = {}
  for (const ref of refs) {
    const kind = kinds.get(ref.id)
    if (!kind) fieldErrors[`payload.${ref.path}`] = 'fileNotFound'
    else if (pdfOnly.has(ref.key) && kind !== 'pdf')
      fieldErrors[`payload.${ref.path}`] = 'incorrectFileFormat'
  }
  if (Object.keys(fieldErrors).length > 0) throw invalid(fieldErrors)
}
