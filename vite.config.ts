// Vite builds the web app (src/web, entry index.html) and hosts Vitest. Plugin order matters: the router
// plugin generates the route tree and splits route files before React's Babel pass compiles the Lingui
// macros; the Lingui plugin turns the .po catalogs into modules.

import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { lingui } from '@lingui/vite-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import pkg from './package.json' with { type: 'json' }
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

export default defineConfig({
  plugins: [
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
  define: {
    __VITRINE_VERSION__: JSON.stringify(pkg.version),
    __VITRINE_BUILT_AT__: JSON.stringify(new Date().toISOString()),
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  build: {
    outDir: process.env.VITRINE_WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
  },
})
