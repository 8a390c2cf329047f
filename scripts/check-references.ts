// `npm test` step "references": the repository explains itself. A comment or a document states the rule it relies
// on, or points to a file of this repository (docs/architecture.md § Product rules, docs/decisions.md, a source
// file); it never cites a document or a tracker the repository does not hold: the team's design, style, stack and
// developers' notes (upper-case .md files kept elsewhere), the product specification or its numbered paragraphs,
// a tracker's issue number (the word issue or a hash sign followed by digits), or a shared folder outside src/. Every tracked text file is read; each such reference is listed as file:line and
// the step fails.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

export interface DanglingReference {
  /** 1-based line number. */
  line: number
  /** Which kind of reference (see REFERENCE_FORMS). */
  form: string
  /** The text that matched. */
  match: string
}

/** The forms of a reference to something the repository does not hold. */
export const REFERENCE_FORMS: { form: string; pattern: RegExp }[] = [
  { form: 'an outside design document', pattern: /\b(?:DESIGN|STYLE|STACK|DEVELOPERS)\.md\b/ },
  // The paragraph sign followed by a number; a public standard's paragraph (an RFC's) is a real, findable reference.
  { form: 'a numbered paragraph', pattern: /(?<!\bRFC \d{1,5} )§\s*\d/ },
  { form: 'the product specification', pattern: /\b(?:the|a|product)[ -]spec(?:ification)?\b/i },
  { form: 'the product specification', pattern: /\bspec(?:ification)?(?:'|’)s\b/i },
  { form: 'a tracker issue', pattern: /\b(?:issue|ticket)\s*#?\d+/i },
  // A hash sign and digits standing alone; not a colour ('#000', `#5f666d`, "color: #000;"), an HTML entity or an anchor.
  { form: 'a tracker issue', pattern: /(?<![\w&#/'"`-])#\d{1,5}(?![\w;'"`-])/ },
  { form: 'a folder outside the repository', pattern: /(?<![\w@./-])shared\// },
]

/** Every dangling reference in a text, in line order. */
export function danglingReferences(text: string): DanglingReference[] {
  const found: DanglingReference[] = []
  text.split(/\r?\n/).forEach((content, index) => {
    for (const { form, pattern } of REFERENCE_FORMS) {
      const m = pattern.exec(content)
      if (m) found.push({ line: index + 1, form, match: m[0] })
    }
  })
  return found
}

/** Files never read: the check and its test (they spell the forms out), packages, and the lock file. */
const SKIPPED = new Set([
  'scripts/check-references.ts',
  'tests/unit/check-references.test.ts',
  'package-lock.json',
])

const BINARY_EXTENSIONS =
  /\.(?:png|jpe?g|jfif|gif|webp|ico|pdf|zip|gz|tgz|xlsx?|docx?|mp4|mov|webm|woff2?|ttf|otf|eot|wasm|bin|db)$/i

/** Whether a tracked file is read: a text file of ours, not a binary fixture. */
export function isChecked(path: string): boolean {
  if (SKIPPED.has(path) || path.startsWith('node_modules/') || path.includes('/node_modules/')) return false
  return !BINARY_EXTENSIONS.test(path)
}

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((path) => path !== '' && isChecked(path))
}

function readText(path: string): string | null {
  let bytes: Buffer
  try {
    bytes = readFileSync(path)
  } catch {
    return null // tracked but deleted in the work tree
  }
  return bytes.subarray(0, 8000).includes(0) ? null : bytes.toString('utf8')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems: string[] = []
  let files = 0
  for (const path of trackedFiles()) {
    const text = readText(path)
    if (text === null) continue
    files++
    for (const r of danglingReferences(text)) problems.push(`${path}:${r.line}: ${r.form} ("${r.match}")`)
  }
  if (problems.length > 0) {
    for (const p of problems) console.error(p)
    console.error(
      `\n${problems.length} reference(s) to documents or issues the repository does not hold: say the rule ` +
        'itself, or point to a file of the repository (docs/architecture.md § Conventions)',
    )
    process.exit(1)
  }
  console.log(`references: ${files} files, none citing a document or an issue outside the repository`)
}
