// The archive's full-text search without extensions, identical on PGlite and PostgreSQL: the searchable
// text (titles, artist names, inventory number) becomes lexemes made here — Chinese, Japanese and Korean
// characters as single characters and bigrams (they are written without spaces), other scripts as
// lower-case words — stored in a tsvector with a GIN index. A query becomes the same lexemes, words as
// prefixes, all required. (pg_trgm ships with both, but needs the extension created outside the
// migrations, and a 2-character Chinese query gives it no trigram to use.)

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u
const RUNS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[\p{L}\p{N}]+/gu

function runsOf(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(RUNS) ?? []
}

function cjkGrams(run: string, withUnigrams: boolean): string[] {
  const chars = [...run]
  const out: string[] = []
  if (withUnigrams || chars.length === 1) out.push(...chars)
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1])
  return out
}

/** The lexemes of a document: unique, without spaces (stored with `array_to_tsvector`). */
export function documentTokens(...parts: (string | null | undefined)[]): string[] {
  const out = new Set<string>()
  for (const part of parts) {
    if (!part) continue
    const runs = runsOf(part)
    for (const run of runs) {
      if (CJK.test(run)) for (const g of cjkGrams(run, true)) out.add(g)
      else out.add(run)
    }
    // "VT-2019-0001" also as one word, so it is found however it is typed.
    if (runs.length > 1 && /\d/.test(part) && !CJK.test(part)) out.add(runs.join(''))
  }
  return [...out]
}

/** The document as stored: lexemes separated by spaces (lexemes never hold one). */
export function documentText(...parts: (string | null | undefined)[]): string {
  return documentTokens(...parts).join(' ')
}

/**
 * A search box's text as a tsquery (`'白石' & 'qi':*`), or null when it holds nothing searchable. Words
 * match as prefixes, single characters whole. Lexemes only hold letters and digits, so quoting is safe.
 */
export function searchQuery(input: string): string | null {
  const terms = new Set<string>()
  for (const run of runsOf(input)) {
    if (CJK.test(run)) for (const g of cjkGrams(run, false)) terms.add(`'${g}'`)
    // a single letter or digit as a prefix would match nearly everything: it must match whole
    else terms.add(run.length === 1 ? `'${run}'` : `'${run}':*`)
  }
  if (terms.size === 0) return null
  return [...terms].slice(0, 32).join(' & ')
}
