// Lingui: messages are written in English in the source, Chinese (the default language) is a translation.
// `lingui extract` writes both .po catalogs; scripts/check-i18n.ts fails when either lacks a translation.
import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

export default defineConfig({
  sourceLocale: 'en',
  locales: ['zh-CN', 'en'],
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['<rootDir>/src/web'] }],
  format: formatter({ lineNumbers: false }),
})
