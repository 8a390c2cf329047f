// Small rules of the shell: /loginFail's reasons, which screens a user may open, and the translation
// check that npm test runs on the catalogs (where sign-in may return to: safe-redirect.test.ts).
import { describe, expect, it } from 'vitest'
import { parsePo, problemsOf, sharedTranslationProblems } from '../../../scripts/check-i18n'
import { validateLoginFailSearch } from '../../../src/web/areas/auth/login-search'
import { mayUse } from '../../../src/web/shell/route-meta'
import { initials } from '../../../src/web/shell/UserMenu'

describe('the sign-in pages’ search', () => {
  it('/loginFail knows only its reasons', () => {
    expect(validateLoginFailSearch({ reason: 'locked' })).toEqual({ reason: 'locked' })
    expect(validateLoginFailSearch({ reason: '<script>' })).toEqual({ reason: 'unavailable' })
    expect(validateLoginFailSearch({ reason: 'locked', redirect: '//evil.example' }).redirect).toBeUndefined()
  })
})

describe('screen access', () => {
  const viewer = { allPrivileges: false, privileges: ['artworkArchive:view', 'devOpsManage:view'] }
  it('follows the system and the privilege a route declares', () => {
    expect(mayUse(viewer, { system: 'artworkArchive' })).toBe(true)
    expect(mayUse(viewer, { system: 'authManage' })).toBe(false)
    expect(mayUse(viewer, { privilege: 'artworkArchive:view' })).toBe(true)
    expect(mayUse(viewer, { privilege: 'artworkArchive:edit' })).toBe(false)
    expect(mayUse(viewer, { privilege: ['artworkArchive:edit', 'devOpsManage:view'] })).toBe(true)
    expect(mayUse(viewer, { adminOnly: true })).toBe(false)
    expect(mayUse({ allPrivileges: true, privileges: [] }, { adminOnly: true, system: 'authManage' })).toBe(
      true,
    )
  })
})

describe('the avatar’s initials', () => {
  it('use a Chinese given name, a longer Chinese name’s first character, or two Latin initials', () => {
    expect(initials('林书仪 Lin Shuyi')).toBe('书仪')
    expect(initials('王五')).toBe('王五')
    expect(initials('系统管理员 Administrator')).toBe('系')
    expect(initials('ada lovelace')).toBe('AL')
    expect(initials('  ')).toBe('?')
  })
})

describe('the translation check', () => {
  const po = `msgid ""
msgstr ""
"Language: zh-CN\\n"

#: src/web/a.tsx
msgid "Sign in"
msgstr "登录"

msgid "Hello {name}"
msgstr "你好"

msgid "Open"
msgstr ""

msgid "Close"
msgstr "Close"

msgid ""
"Long "
"text"
msgstr "长文本"

#~ msgid "Old"
#~ msgstr ""
`
  it('reads entries, multi-line ones included, and skips obsolete ones', () => {
    expect(parsePo(po).map((e) => e.id)).toEqual(['Sign in', 'Hello {name}', 'Open', 'Close', 'Long text'])
  })
  it('finds missing translations, lost placeholders and copied English', () => {
    expect(problemsOf('zh-CN', parsePo(po))).toEqual([
      'zh-CN: placeholders differ in "Hello {name}" → "你好"',
      'zh-CN: no translation for "Open"',
      'zh-CN: "Close" is not translated (the English text was copied)',
    ])
    expect(problemsOf('en', [{ id: 'Close', translation: 'Close' }])).toEqual([])
  })
})

describe('one Chinese text for two English messages', () => {
  const entries = [
    { id: 'Paid', translation: '已赔付' },
    { id: 'Paid out', translation: '已赔付' },
    { id: 'Task', translation: '任务' },
    { id: 'Tasks', translation: '任务' },
  ]
  it('is a problem unless the reviewed list names the share exactly', () => {
    expect(sharedTranslationProblems(entries, { 任务: ['Task', 'Tasks'] })).toEqual([
      'zh-CN: "已赔付" translates "Paid", "Paid out"; give each meaning its own words or list the share',
    ])
    expect(
      sharedTranslationProblems(entries, { 任务: ['Task', 'Tasks'], 已赔付: ['Paid', 'Paid out'] }),
    ).toEqual([])
  })
  it('and a listed share that no longer holds is named, so that the list stays true', () => {
    expect(
      sharedTranslationProblems(entries.slice(2), { 任务: ['Task', 'Tasks'], 已赔付: ['Paid', 'Paid out'] }),
    ).toEqual(['zh-CN: shared-translations.json lists "已赔付" for Paid, Paid out, which no longer share it'])
  })
})
