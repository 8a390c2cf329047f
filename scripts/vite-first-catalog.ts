// The part of each Lingui catalog the first screen needs, so the first download does not carry every
// message of every screen. `import { messages } from '…/messages.po?first'` is, in a production build, the
// messages whose source files end up in the chunks a visitor loads before signing in: the entry and its
// imports, plus the chunks of the public routes (sign-in, sign-in failed, the root's error and 404 pages)
// and what they import. The chunk graph decides, after bundling, so a message can never be missing from the
// part: the set follows the code. The whole catalog (`messages.po`) loads before the first signed-in screen
// (src/web/i18n/i18n.ts). In development and tests `?first` is the whole catalog.
// The same chunk set is the first download: every build warns when its JavaScript passes the budget (gzip),
// naming the largest modules in it, so a screen or zod imported by a route file shows at once.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'
import type { Plugin } from 'vite'

const FIRST = /\/locales\/([^/]+)\/messages\.po\?first$/
const PLACEHOLDER = (locale: string) => `__vitrine_first_catalog_${locale}__`
const PLACEHOLDER_RE = /(["'`])__vitrine_first_catalog_([A-Za-z-]+)__\1/g

interface ChunkInfo {
  isEntry: boolean
  isDynamicEntry: boolean
  facadeModuleId: string | null
  moduleIds: string[]
  imports: string[]
  dynamicImports: string[]
}

/**
 * The chunks loaded before sign-in: the entry and its static imports, the public routes' split chunks (each
 * found by its own module) and their static imports. What a public page imports on demand (the error
 * catalogue, once a refusal is shown) loads only then, so it is not counted.
 */
function firstChunks(chunks: Record<string, ChunkInfo>, publicRoutes: RegExp): Set<string> {
  const seen = new Set<string>()
  const visit = (name: string) => {
    if (seen.has(name) || !chunks[name]) return
    seen.add(name)
    for (const next of chunks[name].imports) visit(next)
  }
  for (const [name, chunk] of Object.entries(chunks))
    if (
      (chunk.isEntry && !chunk.isDynamicEntry) ||
      (chunk.facadeModuleId && publicRoutes.test(chunk.facadeModuleId))
    )
      visit(name)
  return seen
}

/** The source files (relative to `root`) in the chunks loaded before sign-in. */
function firstScreenFiles(
  chunks: Record<string, ChunkInfo>,
  publicRoutes: RegExp,
  root: string,
): Set<string> {
  const files = new Set<string>()
  for (const name of firstChunks(chunks, publicRoutes))
    for (const id of chunks[name].moduleIds)
      files.add(path.relative(root, id.split('?')[0]).split(path.sep).join('/'))
  return files
}

export function firstCatalog(options: {
  /** The chunks of the pages shown before sign-in. */
  publicRoutes: RegExp
  /** Files in the first download whose words show only after sign-in (the signed-in routes' titles). */
  afterSignIn: RegExp
  /** The first download's JavaScript, KB gzip: a build over it warns. */
  budgetKB: number
}): Plugin {
  let root = process.cwd()
  let build = false
  const catalogFor = async (locale: string) => {
    const config = getConfig({ cwd: root })
    const found = getCatalogForFile(`locales/${locale}/messages.po`, await getCatalogs(config))
    if (!found) throw new Error(`No Lingui catalog for ${locale}`)
    return { config, ...found }
  }
  return {
    name: 'vitrine-first-catalog',
    enforce: 'pre',
    configResolved(config) {
      root = config.root
      build = config.command === 'build'
    },
    load(id) {
      const match = FIRST.exec(id)
      if (!match) return null
      // Filled in renderChunk, once the chunk graph says which messages the first screens use.
      if (build)
        return `export const messages = JSON.parse(${JSON.stringify(PLACEHOLDER(match[1]))}).messages`
      return `export { messages } from './messages.po'`
    },
    augmentChunkHash(chunk) {
      if (!chunk.moduleIds.some((id) => FIRST.test(id))) return
      const hash = createHash('sha256')
      for (const id of chunk.moduleIds.filter((m) => FIRST.test(m)))
        hash.update(readFileSync(id.split('?')[0]))
      return hash.digest('hex')
    },
    async renderChunk(code, chunk, _options, meta) {
      if (!chunk.moduleIds.some((id) => FIRST.test(id))) return null
      const files = firstScreenFiles(meta.chunks as Record<string, ChunkInfo>, options.publicRoutes, root)
      for (const file of files) if (options.afterSignIn.test(`/${file}`)) files.delete(file)
      const replacements = new Map<string, string>()
      for (const match of code.matchAll(PLACEHOLDER_RE)) {
        const locale = match[2]
        if (replacements.has(locale)) continue
        const { config, catalog } = await catalogFor(locale)
        const extracted = (await catalog.read(locale)) ?? {}
        const { messages } = await catalog.getTranslations(locale, {
          fallbackLocales: config.fallbackLocales,
          sourceLocale: config.sourceLocale,
        })
        const part: Record<string, string> = {}
        for (const [id, message] of Object.entries(extracted))
          if (id in messages && message.origin?.some(([file]) => files.has(file))) part[id] = messages[id]
        const { source } = createCompiledCatalog(locale, part, { namespace: 'json' })
        replacements.set(locale, JSON.stringify(source))
      }
      return code.replace(PLACEHOLDER_RE, (_all, _quote, locale: string) => replacements.get(locale) ?? _all)
    },
    generateBundle(_options, bundle) {
      const chunks: Record<
        string,
        ChunkInfo & { code: string; modules: Record<string, { renderedLength: number }> }
      > = {}
      for (const [name, item] of Object.entries(bundle)) if (item.type === 'chunk') chunks[name] = item
      const first = [...firstChunks(chunks, options.publicRoutes)]
      const kb = first.reduce((sum, name) => sum + gzipSync(chunks[name].code).length, 0) / 1024
      if (kb <= options.budgetKB) return
      const modules = first
        .flatMap((name) => Object.entries(chunks[name].modules))
        .sort((a, b) => b[1].renderedLength - a[1].renderedLength)
        .slice(0, 12)
        .map(
          ([id, m]) =>
            `${path.relative(root, id).replace(/^.*node_modules\//, '')} ${(m.renderedLength / 1024).toFixed(0)} KB`,
        )
      this.warn(
        `JavaScript before sign-in is ${kb.toFixed(1)} KB gzip, over the budget of ${options.budgetKB} KB ` +
          `(docs/decisions.md, "Start and first download"). Largest modules (minified): ${modules.join(', ')}`,
      )
    },
  }
}
