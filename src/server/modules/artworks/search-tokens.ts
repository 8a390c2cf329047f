// The archive's full-text search without extensions, identical on PGlite and PostgreSQL: the searchable
// text (titles, artist names, inventory number) becomes lexemes made here — Chinese, Japanese and Korean
// characters as single characters and bigrams (they are written without spaces), other scripts as
// lower-case words, codes such as inventory numbers also joined — stored in a tsvector with a GIN index.
// A query becomes the same lexemes, all required. (pg_trgm ships with both, but needs the extension created outside the
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

/**
 * A code written without spaces but with punctuation ("VT-2019-0001", "No.7"): its runs joined from each
 * run on ("vt20190001", "20190001", "0001"), so a code is found from any of its parts, typed any way.
 */
function codeJoins(chunk: string): string[] {
  const runs = runsOf(chunk)
  if (runs.length < 2 || !/\d/.test(chunk) || CJK.test(chunk)) return []
  return runs.slice(0, -1).map((_, i) => runs.slice(i).join(''))
}

/** The lexemes of a document: unique, without spaces (stored with `array_to_tsvector`). */
export function documentTokens(...parts: (string | null | undefined)[]): string[] {
  const out = new Set<string>()
  for (const part of parts) {
    if (!part) continue
    for (const run of runsOf(part)) {
      if (CJK.test(run)) for (const g of cjkGrams(run, true)) out.add(g)
      else out.add(run)
    }
    for (const chunk of part.split(/\s+/)) for (const joined of codeJoins(chunk)) out.add(joined)
  }
  return [...out]
}

/** The document as stored: lexemes separated by spaces (lexemes never hold one). */
export function documentText(...parts: (string | null | undefined)[]): string {
  return documentTokens(...parts).join(' ')
}

/**
 * A search box's text as a tsquery (`'白石' & 'qi':*`), or null when it holds nothing searchable. Every
 * term is required: CJK text as bigrams; a code as its joined runs, as a prefix; words of three letters
 * or more as prefixes, shorter ones whole (a prefix "a" or "no" would match nearly every artwork and
 * cost a scan of the whole index). Lexemes only hold letters and digits, so quoting is safe.
 */
export function searchQuery(input: string): string | null {
  const terms = new Set<string>()
  for (const chunk of input.normalize('NFKC').split(/\s+/)) {
    const joined = codeJoins(chunk)
    if (joined.length > 0) {
      terms.add(`'${joined[0]}':*`)
      continue
    }
    for (const run of runsOf(chunk)) {
      if (CJK.test(run)) for (const g of cjkGrams(run, false)) terms.add(`'${g}'`)
      else terms.add([...run].length <= 2 ? `'${run}'` : `'${run}':*`)
    }
  }
  if (terms.size === 0) return null
  return [...terms].slice(0, 32).join(' & ')
}
