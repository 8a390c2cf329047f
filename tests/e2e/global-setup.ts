// Before the browser suite's workers start: the production build (a copy of `dist` when it is current, as
// after `npm test`'s build step, else built), the server's bundle and the seeded data folder, made once (two
// workers starting together would otherwise both build into the same folder), and the one Chromium every file
// connects to. All of it is handed to the files through Vitest's provide/inject; the browser and the bundle
// are removed when the run ends.
import { mkdtempSync, rmSync } from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { buildWeb, bundleServer, CHROMIUM_LAUNCH, ROOT, templateDataDir } from './harness'

export default async function setup(project: TestProject) {
  const webDir = buildWeb()
  // A folder of the run's own: another run on this checkout keeps its bundle.
  const serverDir = mkdtempSync(path.join(ROOT, '.tmp', 'e2e-server-'))
  const [bundle, browser] = await Promise.all([
    bundleServer(serverDir),
    chromium.launchServer(CHROMIUM_LAUNCH),
  ])
  const stop = async () => {
    await browser.close()
    rmSync(serverDir, { recursive: true, force: true })
  }
  try {
    project.provide('e2eTemplateDataDir', await templateDataDir(webDir, bundle))
  } catch (error) {
    await stop()
    throw error
  }
  project.provide('e2eWebDir', webDir)
  project.provide('e2eServerBundle', bundle)
  project.provide('e2eChromium', browser.wsEndpoint())
  return stop
}
