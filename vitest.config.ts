// Test projects: unit (pure code, web components), model (machine graphs), api (in-process server on a
// fresh database), e2e (built app in Chromium). `npm test` runs them in that order via scripts/test-all.ts.
// Two files at a time in every project (Vitest's default on a 2-core machine is one): each API file has its
// own database and each browser file its own server, data folder and browser, so files never share state.
// The browser suite's global setup builds the web app and the seeded data folder once, before the workers.
import { defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config.ts'

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      maxWorkers: Number(process.env.VITRINE_TEST_WORKERS ?? 2),
      projects: [
        {
          extends: true,
          test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], testTimeout: 30_000 },
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
            testTimeout: 60_000,
            hookTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            include: ['tests/e2e/**/*.test.ts'],
            testTimeout: 120_000,
            hookTimeout: 180_000,
            globalSetup: ['tests/e2e/global-setup.ts'],
          },
        },
      ],
    },
  }),
)
