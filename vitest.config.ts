// Test projects: unit (pure code, web components), model (machine graphs), api (in-process server on a
// fresh database), e2e (built app in Chromium). `npm test` runs them in that order via scripts/test-all.ts.
// Two files at a time in every project (Vitest's default on a 2-core machine is one): each API file has its
// own database and each browser file its own server, data folder and browser contexts, so files never share
// state. The browser suite's global setup builds the web app, the server's bundle and the seeded data folder
// and launches the one Chromium the files connect to, once, before the workers.

import { readdirSync, readFileSync } from 'node:fs'
import { defineConfig, mergeConfig } from 'vitest/config'
import type { TestSpecification } from 'vitest/node'
import { BaseSequencer } from 'vitest/node'
import viteConfig from './vite.config.ts'

/**
 * The browser files that take longest (measured in a run of the whole suite: 25–60 s each, most others
 * 5–20 s), started first so that neither worker is left running one of them alone at the end. On a checkout
 * with no timings of its own (CI's), Vitest would order by file size, and the every-route and step-screen
 * files are small files that generate their walks.
 */
const LONGEST_BROWSER_FILES = [
  'process-step-screens',
  'every-route-zh',
  'every-route-en',
  'process-purchase',
  'finance-payment',
  'insurance-screens',
  'start-refusal',
  'archive-register-artwork',
]

/**
 * The unit tests that draw components name a DOM environment on their first line
 * (`// @vitest-environment happy-dom`): they keep Vitest's isolation (React, Mantine and Lingui state leaked from
 * file to file without it). The pure unit tests share each worker's modules, as the API tests do.
 */
const DOM_UNIT_FILES = readdirSync('tests/unit', { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => `tests/unit/${f}`)
  .filter((f) => readFileSync(f, 'utf8').startsWith('// @vitest-environment'))

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const rank = (f: TestSpecification) => {
      const i = LONGEST_BROWSER_FILES.indexOf(f.moduleId.replace(/^.*\//, '').replace(/\.test\.ts$/, ''))
      return i < 0 ? LONGEST_BROWSER_FILES.length : i
    }
    // The browser files reordered among themselves (a stable sort: the rest keep Vitest's order); every
    // other project's files stay where Vitest put them.
    const browser = sorted.filter((f) => f.project.name === 'e2e').sort((x, y) => rank(x) - rank(y))
    let next = 0
    return sorted.map((f) => (f.project.name === 'e2e' ? browser[next++] : f))
  }
}

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      maxWorkers: Number(process.env.VITRINE_TEST_WORKERS ?? 2),
      sequence: { sequencer: LongestFirst },
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            include: ['tests/unit/**/*.test.{ts,tsx}'],
            exclude: DOM_UNIT_FILES,
            isolate: false,
            testTimeout: 30_000,
          },
        },
        {
          extends: true,
          test: { name: 'unit-dom', include: DOM_UNIT_FILES, testTimeout: 30_000 },
        },
        {
          extends: true,
          test: { name: 'model', include: ['tests/model/**/*.test.ts'], testTimeout: 60_000 },
        },
        {
          extends: true,
          test: {
            name: 'api',
            include: ['tests/api/**/*.test.ts'],
            // A worker's files share its module graph (the server's modules loaded once per worker, not once
            // per file: a sixth of the suite's time went to imports). Each file still builds its own server on
            // its own database; module state is set again by each server's start (createApp).
            isolate: false,
            testTimeout: 60_000,
            hookTimeout: 60_000,
            globalSetup: ['tests/api/global-setup.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            include: ['tests/e2e/**/*.test.ts'],
            // The harness, playwright-core and axe loaded once per worker rather than once per file.
            isolate: false,
            testTimeout: 120_000,
            hookTimeout: 180_000,
            // A screen's answer to a click (a language switch that reads the server's words again, a refetch)
            // can take seconds on two loaded cores: expect.poll's default second flaked there.
            expect: { poll: { timeout: 10_000 } },
            globalSetup: ['tests/e2e/global-setup.ts'],
          },
        },
      ],
    },
  }),
)
