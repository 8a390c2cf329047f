// `npm test` step "i18n": extract every message from src/web into both catalogs (lingui extract --clean),
// then fail if any message lacks a translation in either catalog, if a placeholder was lost in translation,
// if a Chinese entry is just the English text copied over (a missing translation in disguise), or if two
// different English messages share one Chinese translation without being listed in
// locales/zh-CN/shared-translations.json (one English word used for two meanings, "Paid" for a payment and for a
// claim paid out, reads wrong in one of them: such a pair gets two messages or a listed, reviewed share).
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

export interface PoEntry {
  id: string
  translation: string
}

/** The active entries of a .po file (obsolete `#~` entries and the header are skipped). */
export function parsePo(text: string): PoEntry[] {
  const entries: PoEntry[] = []
  let field: 'id' | 'str' | null = null
  let id = ''
  let str = ''
  const flush = () => {
    if (field !== null && id !== '') entries.push({ id, translation: str })
    field = null
    id = ''
    str = ''
  }
  const literal = (s: string) => JSON.parse(s.trim()) as string
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim()
    if (line.startsWith('#~')) continue
    if (line.startsWith('msgid ')) {
      flush()
      field = 'id'
      id = literal(line.slice(6))
    } else if (line.startsWith('msgstr ')) {
      field = 'str'
      str = literal(line.slice(7))
    } else if (line.startsWith('"') && field === 'id') id += literal(line)
    else if (line.startsWith('"') && field === 'str') str += literal(line)
  }
  flush()
  return entries
}

const placeholders = (s: string) =>
  [...s.matchAll(/\{(\w+)\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',')

/** Names that read the same in Chinese. */
const SAME_IN_BOTH = new Set(['Node.js', 'PDF'])

export function problemsOf(locale: string, entries: PoEntry[]): string[] {
  const problems: string[] = []
  for (const { id, translation } of entries) {
    if (translation.trim() === '') problems.push(`${locale}: no translation for "${id}"`)
    else if (placeholders(id) !== placeholders(translation))
      problems.push(`${locale}: placeholders differ in "${id}" → "${translation}"`)
    else if (locale === 'zh-CN' && translation === id && /[A-Za-z]{3,}/.test(id) && !SAME_IN_BOTH.has(id))
      problems.push(`${locale}: "${id}" is not translated (the English text was copied)`)
  }
  return problems
}

/** Chinese text → the English messages that may share it (reviewed: plurals, synonyms of one meaning). */
export type SharedTranslations = Record<string, string[]>

/** Every Chinese text shared by different English messages that the reviewed list does not name exactly. */
export function sharedTranslationProblems(entries: PoEntry[], allowed: SharedTranslations): string[] {
  const byChinese = new Map<string, string[]>()
  for (const { id, translation } of entries) {
    if (translation.trim() !== '') byChinese.set(translation, [...(byChinese.get(translation) ?? []), id])
  }
  const problems: string[] = []
  for (const [zh, ids] of byChinese) {
    if (ids.length < 2) continue
    const listed = new Set(allowed[zh] ?? [])
    const unlisted = ids.filter((id) => !listed.has(id))
    if (unlisted.length > 0)
      problems.push(
        `zh-CN: "${zh}" translates ${ids.map((i) => `"${i}"`).join(', ')}; give each meaning its own words or list the share`,
      )
  }
  for (const [zh, ids] of Object.entries(allowed)) {
    const now = byChinese.get(zh) ?? []
    if (ids.some((id) => !now.includes(id)))
      problems.push(
        `zh-CN: shared-translations.json lists "${zh}" for ${ids.join(', ')}, which no longer share it`,
      )
  }
  return problems
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const extract = spawnSync('npx', ['lingui', 'extract', '--clean'], { encoding: 'utf8' })
  if (extract.status !== 0) {
    console.error(extract.stdout, extract.stderr)
    console.error('lingui extract failed')
    process.exit(1)
  }
  let problems: string[] = []
  let total = 0
  for (const locale of ['zh-CN', 'en']) {
    const entries = parsePo(readFileSync(`locales/${locale}/messages.po`, 'utf8'))
    total = Math.max(total, entries.length)
    problems = problems.concat(problemsOf(locale, entries))
    if (locale === 'zh-CN') {
      const allowed = JSON.parse(
        readFileSync('locales/zh-CN/shared-translations.json', 'utf8'),
      ) as SharedTranslations
      problems = problems.concat(sharedTranslationProblems(entries, allowed))
    }
  }
  if (problems.length > 0) {
    for (const p of problems) console.error(p)
    console.error(`\n${problems.length} translation problem(s); fill locales/<locale>/messages.po`)
    process.exit(1)
  }
  console.log(`i18n: ${total} messages, translated in zh-CN and en`)
}
