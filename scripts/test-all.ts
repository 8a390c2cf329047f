// `npm test`: every suite in order — type check, lint, translations, references, flow diagrams, machine
// fingerprints, unit, model, API, browser — and a closing "N passed, N failed" line. Exits non-zero when any step
// fails.
// `--only api` (or another step name) runs just that step; CI uses it for the PostgreSQL pass.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'

interface Step {
  name: string
  command: string[]
  /** Vitest projects: their JSON report is counted. */
  projects?: string[]
}

const STEPS: Step[] = [
  { name: 'routes', command: ['npx', 'tsx', 'scripts/generate-routes.ts'] },
  { name: 'typecheck', command: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'lint', command: ['npx', 'biome', 'check', '.'] },
  { name: 'i18n', command: ['npx', 'tsx', 'scripts/check-i18n.ts'] },
  { name: 'references', command: ['npx', 'tsx', 'scripts/check-references.ts'] },
  { name: 'diagrams', command: ['npx', 'tsx', 'scripts/diagrams.ts', '--check'] },
  { name: 'fingerprints', command: ['npx', 'tsx', 'scripts/fingerprints.ts', '--check'] },
  // The pure unit tests share modules per worker; the component tests (a DOM environment) keep isolation.
  { name: 'unit', command: [], projects: ['unit', 'unit-dom'] },
  { name: 'model', command: [], projects: ['model'] },
  { name: 'api', command: [], projects: ['api'] },
  // The browser suite serves this build (tests/e2e/harness.ts copies a current dist rather than building again).
  { name: 'build', command: ['npx', 'vite', 'build'] },
  { name: 'e2e', command: [], projects: ['e2e'] },
]

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined
const steps = only ? STEPS.filter((s) => s.name === only) : STEPS
if (steps.length === 0) {
  console.error(`unknown step ${only}`)
  process.exit(2)
}

mkdirSync('.tmp', { recursive: true })
let passed = 0
let failed = 0
const failedSteps: string[] = []
const started = Date.now()

for (const step of steps) {
  const t0 = Date.now()
  let command = step.command
  let report: string | undefined
  if (step.projects) {
    report = `.tmp/vitest-${step.name}.json`
    rmSync(report, { force: true })
    command = [
      'npx',
      'vitest',
      'run',
      ...step.projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ]
  }
  if (command.length > 1 && command[1] === 'tsx' && !existsSync(command[2])) {
    console.log(`\n== ${step.name}: ${command[2]} missing — failing`)
    failed++
    failedSteps.push(step.name)
    continue
  }
  console.log(`\n== ${step.name}: ${command.join(' ')}`)
  const result = spawnSync(command[0], command.slice(1), { stdio: 'inherit', env: process.env })
  const ok = result.status === 0
  if (report && existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      numPassedTests: number
      numFailedTests: number
      numTotalTests: number
    }
    passed += json.numPassedTests
    failed += json.numFailedTests
    if (json.numTotalTests === 0) {
      console.log(`== ${step.name}: no tests ran`)
      failedSteps.push(step.name)
    }
  }
  if (!ok) failedSteps.push(step.name)
  console.log(`== ${step.name}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
}

console.log(
  `\nsteps failed: ${failedSteps.length ? [...new Set(failedSteps)].join(', ') : 'none'}; ${((Date.now() - started) / 1000).toFixed(0)} s in all`,
)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failedSteps.length > 0 || failed > 0 ? 1 : 0)
