// The byte layout of a minimal PDF, written once: numbered objects, a cross-reference table with the offsets
// counted as written, the trailer. The demo documents and the test fixtures make their one-page PDFs with it.

/** A PDF of the given object bodies (object 1 is the catalog), offsets counted as written. */
export function assemblePdf(objects: string[]): Buffer {
  let out = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out))
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = Buffer.byteLength(out)
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(out, 'latin1')
}
