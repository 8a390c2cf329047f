// `npm start`: build the web app only when its inputs changed since the last build (scripts/web-stamp.ts),
// then run the server in this same process. A second start of an unchanged checkout skips the ~8 s build.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { builtHash, ROOT, webInputsHash } from './web-stamp'

const outDir = path.resolve(ROOT, process.env.VITRINE_WEB_OUT_DIR ?? 'dist')
const webDir = path.resolve(process.env.WEB_DIR ?? './dist')
if (outDir !== webDir)
  console.warn(`Building into ${outDir} but the server serves WEB_DIR=${webDir}; set both or neither.`)

const current = webInputsHash()
if (builtHash(outDir) === current) {
  console.log(
    `Web app unchanged since its last build (${path.relative(ROOT, outDir) || '.'}); not rebuilding.`,
  )
} else {
  console.log('Building the web app (its sources changed since the last build)…')
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js')
  const result = spawnSync(process.execPath, [vite, 'build'], { cwd: ROOT, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

await import('../src/server/main.ts')
