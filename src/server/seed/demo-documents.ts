// The documents the demo processes attach (due-diligence reports, contracts, quotes, policies, loan
// agreements, payment slips): one small PDF per process type whose forms attach files, made by the
// project. As for the demo pictures (paint.ts), the seed writes the file rows (it has no storage) with
// size 0, and the painter writes the bytes after start-up; the runtime only needs the rows (it checks
// attachments exist and are PDFs where a form takes PDFs).
import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { and, eq, like } from 'drizzle-orm'
import type { ProcessType } from '../../shared/process-types'
import type { Db } from '../db/client'
import { files } from '../db/schema'
import type { Deps } from '../http/context'
import { assemblePdf } from './pdf'

export const DEMO_DOCUMENT_PREFIX = 'demodoc'

/** The document of each type's demo processes: its file name and the lines printed on it. */
const DOCUMENTS: Record<ProcessType, { name: string; title: string }> = {
  BUY_ART: { name: 'purchase-dossier.pdf', title: 'Purchase dossier: due diligence, contract, payment slip' },
  BUY_ART_TRANS: { name: 'inbound-shipping.pdf', title: 'Inbound shipping: waybill and condition report' },
  OPERATION_TRANS_ART: { name: 'transport-order.pdf', title: 'Transport order and condition report' },
  OPERATION_SHOT_ART: { name: 'photography-brief.pdf', title: 'Photography brief and contact sheet' },
  OPERATION_MOUNT_ART: { name: 'mounting-order.pdf', title: 'Mounting order and condition report' },
  OPERATION_REPAIR_ART: {
    name: 'conservation-report.pdf',
    title: 'Conservation assessment and treatment report',
  },
  OPERATION_LOAN_EXHIBITION_ART: { name: 'loan-agreement.pdf', title: 'Loan agreement and facility report' },
  OPERATION_SELL_ART: { name: 'sale-dossier.pdf', title: 'Sale dossier: market survey and contract' },
  OPERATION_REPLICA_ART: { name: 'replica-order.pdf', title: 'Replica order and proof approval' },
  INSURANCE_ANNUAL: { name: 'annual-policy.pdf', title: 'Annual fine-art policy and schedule' },
  INSURANCE_OPERATION: { name: 'transit-cover.pdf', title: 'Nail-to-nail cover for one operation' },
  INSURANCE_RENEWAL: { name: 'renewal-terms.pdf', title: 'Renewal terms of the fine-art policy' },
  INSURANCE_PAYOUT: { name: 'claim-file.pdf', title: 'Incident report and claim file' },
  INVENTORY_CHECK: { name: 'stocktake-sheet.pdf', title: 'Stocktake sheet' },
  FINANCE_PAYMENT: { name: 'payment-request.pdf', title: 'Payment request and invoice' },
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
  const doc = DOCUMENTS[type]
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
        originalName: DOCUMENTS[type].name,
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
    const type = (Object.keys(DOCUMENTS) as ProcessType[]).find((t) => keyOf(t) === file.key)
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
