// The documents the demo processes attach (due-diligence reports, contracts, quotes, policies, loan
// agreements, payment slips): one small PDF per process type whose forms attach files, made by the
// project. As for the demo pictures (paint.ts), the seed writes the file rows (it has no storage) with
// size 0, and the painter writes the bytes after start-up; the runtime only needs the rows (it checks
// attachments exist and are PDFs where a form takes PDFs).
import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { and, eq, like } from 'drizzle-orm'
import { declarationOf, registeredTypes } from '../../../machines/registry'
import type { ProcessType } from '../../shared/process-types'
import type { Db } from '../db/client'
import { files } from '../db/schema'
import type { Deps } from '../http/context'
import { assemblePdf } from './pdf'

export const DEMO_DOCUMENT_PREFIX = 'demodoc'

/** The document of a type's demo processes (its declaration's `demoDocument`, else one named after the type). */
function documentOf(type: ProcessType): { name: string; title: string } {
  const declared = declarationOf(type)
  return (
    declared.demoDocument ?? {
      name: `${type.toLowerCase().replaceAll('_', '-')}.pdf`,
      title: `${declared.label.en}: demo document`,
    }
  )
}

const keyOf = (type: ProcessType) => `${DEMO_DOCUMENT_PREFIX}-${type.toLowerCase().replaceAll('_', '-')}`

/** A one-page PDF with the given lines (Helvetica, so ASCII only), offsets counted as written. */
export function demoPdf(lines: string[]): Buffer {
  const pdfText = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?')
  const content = lines
    .map((line, i) => `BT /F1 ${i === 0 ? 16 : 11} Tf 64 ${770 - i * 24} Td (${pdfText(line)}) Tj ET`)
    .join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  return assemblePdf(objects)
}

function bytesOf(type: ProcessType): Buffer {
  const doc = documentOf(type)
  return demoPdf([doc.title, `Vitrine demo office - ${type}`, 'Sample document made by the demo seed.'])
}

/** Insert the document row of each of these types; returns the file id by type. */
export async function insertDemoDocuments(
  db: Db,
  uploadedBy: string,
  types: ProcessType[],
): Promise<Partial<Record<ProcessType, string>>> {
  if (types.length === 0) return {}
  const rows = await db
    .insert(files)
    .values(
      types.map((type) => ({
        originalName: documentOf(type).name,
        mime: 'application/pdf',
        kind: 'pdf' as const,
        size: 0,
        sha256: '',
        storageKey: keyOf(type),
        uploadedBy,
        purpose: 'pdf' as const,
      })),
    )
    .returning({ id: files.id, key: files.storageKey })
  const byKey = new Map(rows.map((r) => [r.key, r.id]))
  return Object.fromEntries(types.map((type) => [type, byKey.get(keyOf(type))]))
}

/** Write the bytes of every demo document still waiting for them; returns how many were written. */
export async function writeDemoDocuments(deps: Pick<Deps, 'database' | 'storage'>): Promise<number> {
  const db: Db = deps.database.db
  const waiting = await db
    .select({ id: files.id, key: files.storageKey })
    .from(files)
    .where(and(like(files.storageKey, `${DEMO_DOCUMENT_PREFIX}-%`), eq(files.size, 0)))
  let written = 0
  for (const file of waiting) {
    const type = registeredTypes().find((t) => keyOf(t) === file.key)
    if (!type) continue
    const bytes = bytesOf(type)
    await deps.storage.write(file.key, Readable.from([bytes]))
    await db
      .update(files)
      .set({ size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') })
      .where(eq(files.id, file.id))
    written++
  }
  return written
}
