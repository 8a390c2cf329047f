// Writes src/web/routeTree.gen.ts from the route files without a build. The Vite plugin does the same during
// `vite build` and in Vitest; `tsc` needs the file to exist first (it is generated, so it is git-ignored).
import { Generator, getConfig } from '@tanstack/router-generator'
import { ROUTER_FILES } from '../src/web/router-files.ts'

const root = process.cwd()
const generator = new Generator({ config: getConfig({ ...ROUTER_FILES, disableLogging: true }, root), root })
await generator.run()
console.log(`route tree written to ${ROUTER_FILES.generatedRouteTree}`)
