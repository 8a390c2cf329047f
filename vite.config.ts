// Vite builds the web app (src/web, entry index.html) and hosts Vitest. Plugin order matters: the router
// plugin generates the route tree and splits route files before React's Babel pass compiles the Lingui
// macros; the Lingui plugin turns the .po catalogs into modules.

import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { lingui } from '@lingui/vite-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import pkg from './package.json' with { type: 'json' }
import { firstCatalog } from './scripts/vite-first-catalog.ts'
import { STAMP_FILE, webInputsHash } from './scripts/web-stamp.ts'
import { ROUTER_FILES } from './src/web/router-files.ts'

/**
 * Writes the fingerprint of the build's inputs into the output (`.build-stamp`), taken before any source is
 * read, so `npm start` (scripts/start.ts) can tell that a build is still current.
 */
function buildStamp(): Plugin {
  let stamp = ''
  let outDir = ''
  return {
    name: 'vitrine-build-stamp',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    buildStart() {
      stamp = webInputsHash()
    },
    writeBundle() {
      if (stamp) writeFileSync(path.join(outDir, STAMP_FILE), `${stamp}\n`)
    },
  }
}

/**
 * Marks every zod schema built in our own sources pure (`z.object(…)` → `/* @__PURE__ *\/ z.object(…)`), so
 * a chunk that imports a constant from a module of schemas (a status list from a contract) does not carry
 * the schemas, nor zod when nothing else there uses it. Our sources never call `z.…` for a side effect.
 */
function pureSchemas(): Plugin {
  return {
    name: 'vitrine-pure-schemas',
    enforce: 'pre',
    apply: 'build',
    transform: {
      filter: { id: /\/(src\/web|src\/shared|machines)\/.*\.tsx?$/, code: /(?<![\w$.])z\./ },
      handler(code) {
        return {
          code: code.replace(/(?<![\w$.])z\.(?=[A-Za-z_$][\w$]*\s*\()/g, '/* @__PURE__ */ z.'),
          map: null,
        }
      },
    },
  }
}

/**
 * `@mantine/notifications/store`: the toast store alone (`notifications.show`, `useNotifications`), for the
 * code in the first download; the package itself (the container, its transitions and scroll lock) then loads
 * with the first toast (src/web/app.tsx). Same module as the package's own store, so one store.
 */
const NOTIFICATIONS_STORE = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@mantine/notifications')),
  '../esm/notifications.store.mjs',
)

/** The pages before sign-in (their messages go into the first download: scripts/vite-first-catalog.ts). */
const PUBLIC_ROUTES = /\/src\/web\/routes\/(__root|login|loginFail)\.tsx\?tsr-split/

export default defineConfig({
  plugins: [
    pureSchemas(),
    firstCatalog({ publicRoutes: PUBLIC_ROUTES }),
    tanstackRouter({
      ...ROUTER_FILES,
      autoCodeSplitting: true,
      // A route's loader travels with its screen, so the queries it imports stay out of the first download.
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
      },
      disableLogging: true,
    }),
    react({
      // Only the web app uses Lingui macros; the server and its tests skip the Babel pass.
      include: /\/(src\/web|tests\/unit\/web)\/.*\.[jt]sx?$/,
      babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] },
    }),
    lingui(),
    buildStamp(),
  ],
  resolve: {
    alias: [{ find: /^@mantine\/notifications\/store$/, replacement: NOTIFICATIONS_STORE }],
  },
  define: {
    __VITRINE_VERSION__: JSON.stringify(pkg.version),
    __VITRINE_BUILT_AT__: JSON.stringify(new Date().toISOString()),
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  build: {
    rolldownOptions: {
      // Imported by app.tsx for the unit tests' wrapper only: unused there, so it (and dayjs) stays out.
      treeshake: { moduleSideEffects: [{ test: /\/src\/web\/i18n\/dates\.tsx$/, sideEffects: false }] },
    },
    outDir: process.env.VITRINE_WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
  },
})
