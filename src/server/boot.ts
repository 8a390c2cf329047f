// Assembles the running server's parts from the configuration: database, storage, log writer, seed.
// Before seeding, the machine versions are checked against the fingerprints the database stored (a
// registered version whose graph changed stops the start: modules/process/versions.ts).
// Used by main.ts, the benchmarks and the test helpers alike.
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { backfillChains } from './audit/backfill'
import { ChainLinker } from './audit/linker'
import type { Config } from './config'
import { type Database, openDatabase } from './db/client'
import type { Deps } from './http/context'
import { LogWriter } from './http/request-log'
import { heavyWork } from './jobs/heavy'
import { listenForAuthChanges } from './modules/auth/sessions'
import { backfillSchedules } from './modules/insurance/schedule'
import type { ProcessCatalog } from './modules/process/catalog'
import { machineCatalog } from './modules/process/machine-catalog'
import { checkDefinitionVersions } from './modules/process/versions'
import { backfillTasks } from './modules/tasks/sync'
import { type SeedResult, seed } from './seed'
import { openStorage, type Storage } from './storage'

export interface Booted {
  deps: Deps
  /** The hash chains' linker of this server (closed by `close`). */
  linker: ChainLinker
  seedResult: SeedResult
  close: () => Promise<void>
}

export async function boot(
  config: Config,
  options: { database?: Database; catalog?: ProcessCatalog } = {},
): Promise<Booted> {
  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'db') },
    ))
  try {
    await checkDefinitionVersions(database.db, options.catalog ?? machineCatalog)
    // Rows written before the hash chains existed are linked before anything new is.
    await backfillChains(database.db)
  } catch (error) {
    // Our own database is ours to close; one handed in stays the caller's.
    if (!options.database) await database.close()
    throw error
  }
  if (!config.linkSecret) config.linkSecret = randomBytes(32).toString('hex')
  const seedResult = await database.db.transaction((tx) => seed(tx, config))
  // Processes that ran before tasks existed get theirs; none on a database that always had them.
  await backfillTasks(database.db, options.catalog ?? machineCatalog)
  // Policies recorded before schedules of cover existed get theirs; none on a newer database.
  await backfillSchedules(database.db)
  let storage: Storage
  try {
    storage = await openStorage(config)
  } catch (error) {
    if (!options.database) await database.close()
    throw error
  }
  const logWriter = new LogWriter(database.db)
  // The hash chains' rows are written unlinked; this server's linker links them shortly after they commit.
  const linker = new ChainLinker(database.db)
  linker.start()
  // Sign-outs and privilege changes made by the other servers on the same PostgreSQL database.
  const authListener = await listenForAuthChanges(database)
  const deps: Deps = { database, config, storage, logWriter, heavy: heavyWork(config) }
  return {
    deps,
    linker,
    seedResult,
    close: async () => {
      await authListener.stop()
      await logWriter.close()
      await linker.close()
      await storage.close?.()
      await database.close()
    },
  }
}
