// The API suite's run: one password for every seeded user of the run (it was one per test file), and a folder
// for the template databases that createTestContext seeds once per kind and copies for each test (helpers.ts),
// removed when the run ends.
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export default function setup(project: TestProject) {
  const run = randomBytes(6).toString('hex')
  const templates = path.join(ROOT, '.tmp', `api-db-${run}`)
  project.provide('apiTestPassword', `Test-${run}-9`)
  project.provide('apiTemplates', templates)
  return () => rmSync(templates, { recursive: true, force: true })
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiTestPassword: string
    apiTemplates: string
  }
}
