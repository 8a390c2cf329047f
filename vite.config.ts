// Vite builds the web app (src/web, entry index.html) and hosts Vitest. Plugin order matters: the router
// plugin generates the route tree and splits route files before React's Babel pass compiles the Lingui
// macros; the Lingui plugin turns the .po catalogs into modules.

import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { parseAsync } from '@babel/core'
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

/** Where each call in the initializers of a module's top-level constants starts (not inside functions). */
async function initializerCalls(code: string, filename: string): Promise<number[]> {
  const ast = await parseAsync(code, {
    filename,
    babelrc: false,
    configFile: false,
    parserOpts: { plugins: ['typescript', ...(filename.endsWith('x') ? (['jsx'] as const) : [])] },
  })
  const starts: number[] = []
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return
    if (Array.isArray(node)) {
      for (const item of node) walk(item)
      return
    }
    const n = node as { type?: string; start?: number }
    if (typeof n.type !== 'string') return
    if (/Function|ClassMethod|ObjectMethod/.test(n.type)) return
    if (/^(Call|New|OptionalCall)Expression$/.test(n.type) && typeof n.start === 'number')
      starts.push(n.start)
    for (const [key, value] of Object.entries(n))
      if (!['loc', 'leadingComments', 'trailingComments', 'innerComments'].includes(key)) walk(value)
  }
  for (const statement of ast?.program.body ?? []) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement
    if (declaration?.type === 'VariableDeclaration') walk(declaration.declarations.map((d) => d.init))
  }
  return starts
}

/**
 * Marks what our modules build at load time pure, so a chunk that imports a constant from a module of
 * schemas (a status list from a contract) does not carry the schemas, nor zod when nothing else there uses
 * them: every `z.…(…)` call in our sources, and in `src/shared` and `machines` (data and rules, nothing
 * done at load for its effect) every call in a top-level constant's initializer.
 */
function pureSchemas(): Plugin {
  const zodCall = /(?<![\w$.])z\.(?=[A-Za-z_$][\w$]*\s*\()/g
  return {
    name: 'vitrine-pure-schemas',
    enforce: 'pre',
    apply: 'build',
    transform: {
      filter: { id: /\/(src\/web|src\/shared|machines)\/.*\.tsx?$/ },
      async handler(code, id) {
        if (!/\/(src\/shared|machines)\//.test(id)) {
          const out = code.replace(zodCall, '/* @__PURE__ */ z.')
          return out === code ? null : { code: out, map: null }
        }
        const starts = [...new Set(await initializerCalls(code, id))].sort((x, y) => y - x)
        let out = code
        for (const at of starts) out = `${out.slice(0, at)}/* @__PURE__ */ ${out.slice(at)}`
        return starts.length ? { code: out, map: null } : null
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

/** The modules the route files read for their search checks (zod-free by rule: docs/decisions.md). */
const ROUTE_SEARCH =
  /\/(src\/web\/areas\/[^/]+\/[a-z-]+-search\.ts|src\/shared\/(constants|process-types|[a-z-]+-shows)\.ts|machines\/task-kinds\.ts)$/

/** React, the router, the query cache, ky and Lingui: the first download needs them whole. */
const FRAMEWORK =
  /\/node_modules\/(react|react-dom|scheduler|@tanstack\/[^/]+|ky|@lingui\/core|@lingui\/react|use-sync-external-store)\//

/** The pages before sign-in (their messages go into the first download: scripts/vite-first-catalog.ts). */
const PUBLIC_ROUTES = /\/src\/web\/routes\/(__root|login|loginFail)\.tsx\?tsr-split/

export default defineConfig({
  plugins: [
    pureSchemas(),
    firstCatalog({
      publicRoutes: PUBLIC_ROUTES,
      // Their titles show once signed in, after the whole catalog has loaded (src/web/routes/_app.tsx).
      afterSignIn: /\/src\/web\/routes\/_app\//,
      budgetKB: 180,
    }),
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
      output: {
        codeSplitting: {
          // The routes' search checks and the light lists they read are in the first download anyway (every
          // route file is): one chunk for them rather than one per module shared with a screen.
          groups: [
            { name: 'route-search', test: ROUTE_SEARCH },
            { name: 'framework', test: FRAMEWORK },
          ],
        },
      },
    },
    outDir: process.env.VITRINE_WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
  },
})
