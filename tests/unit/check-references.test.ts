// The reference check of `npm test` (scripts/check-references.ts): it catches every form of a reference to a
// document or a tracker the repository does not hold, and lets ordinary text pass.
import { describe, expect, it } from 'vitest'
import { danglingReferences, isChecked } from '../../scripts/check-references'

const forms = (text: string) => danglingReferences(text).map((r) => r.form)

/**
 * The samples are written with stand-ins (‸ for nothing, ¤ for the paragraph sign, № for the hash) so that this
 * file does not itself hold the references it shows being caught.
 */
const cite = (text: string) => text.replaceAll('‸', '').replaceAll('¤', '§').replaceAll('№', '#')

describe('dangling references', () => {
  it.each(
    [
      ['// Lingui wiring (DESIGN‸.md ¤ Web)', 'an outside design document'],
      ['// Module boundaries (STYLE‸.md)', 'an outside design document'],
      ["/** STACK‸.md's launch flags */", 'an outside design document'],
      ['see DEVELOPERS‸.md for the setup', 'an outside design document'],
      ['// Money input (spec ¤5)', 'a numbered paragraph'],
      ['// the ¤7 calls', 'a numbered paragraph'],
      ['dates yyyy.MM.dd (¤ 9)', 'a numbered paragraph'],
      ['// as the‸ spec says', 'the product specification'],
      ['see the product‸-spec', 'the product specification'],
      ["in the spec‸'s words", 'the product specification'],
      ['where the‸ specification is silent', 'the product specification'],
      ['// The tasks of a process (issue‸ 13)', 'a tracker issue'],
      ['## Security (Issue‸ 11)', 'a tracker issue'],
      ['fixed in issue‸ №42', 'a tracker issue'],
      ['// see №12 for the history', 'a tracker issue'],
      ['(№7)', 'a tracker issue'],
      ['one home, in shared‸/validation', 'a folder outside the repository'],
    ].map(([text, form]) => [cite(text), form]),
  )('catches %s', (text, form) => {
    expect(forms(text)).toContain(form)
  })

  it.each([
    'the office issues a contract to the buyer',
    'an issue with the courier is noted in the condition report',
    'issues are listed in the history',
    'import { pageQuery } from "../../src/shared/validation"',
    "import { x } from '../shared/errors'",
    'src/shared/process-steps/payment.ts',
    "color: '#5f666d', background: '#000'",
    'text-decoration: underline #000;',
    'numFmt: `#,##0.00 "CNY"`',
    '&#39; and <a href="#section-2">',
    'a field-spec of the step form; TestSpecification from vitest',
    'no body (RFC 9112 §6.3)',
    'docs/architecture.md § Input rules and docs/decisions.md § Security',
    'the respective speculative spectrum',
  ])('lets pass %s', (text) => {
    expect(danglingReferences(text)).toEqual([])
  })

  it('names the line of each reference', () => {
    const found = danglingReferences(cite('first line\n// (issue‸ 10)\nthird\r\nspec ¤2 and STYLE‸.md'))
    expect(found.map((r) => [r.line, r.match])).toEqual([
      [2, cite('issue‸ 10')],
      [4, cite('STYLE‸.md')],
      [4, cite('¤2')],
    ])
  })

  it('reads the text files of the repository, not the check itself, packages or binary fixtures', () => {
    expect(isChecked('src/shared/errors.ts')).toBe(true)
    expect(isChecked('docs/decisions.md')).toBe(true)
    expect(isChecked('scripts/check-references.ts')).toBe(false)
    expect(isChecked('package-lock.json')).toBe(false)
    expect(isChecked('node_modules/x/README.md')).toBe(false)
    expect(isChecked('tests/fixtures/photo.JPG')).toBe(false)
    expect(isChecked('tests/fixtures/import.xlsx')).toBe(false)
  })
})
