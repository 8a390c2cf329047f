// A lock folder in .tmp shared by the test harnesses (the browser suite's build and seeded data, the API
// suite's template databases): made with mkdir, which is atomic, and waited on synchronously.
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * Runs `fn` holding a lock folder in .tmp (several test runs on one checkout, e.g. two people's browser files,
 * must not build or seed into the same folder at once). A lock older than ten minutes is a crashed run's.
 */
export function withLock<T>(name: string, fn: () => T): T {
  const lock = path.join(ROOT, '.tmp', `${name}.lock`)
  mkdirSync(path.dirname(lock), { recursive: true })
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 600_000)
        rmSync(lock, { recursive: true, force: true })
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500)
    }
  }
  const release = () => rmSync(lock, { recursive: true, force: true })
  try {
    const out = fn()
    if (out instanceof Promise) return out.finally(release) as T
    release()
    return out
  } catch (error) {
    release()
    throw error
  }
}
