// The machine versions this database has run: one row per (type, version) with the fingerprint of that
// version's graph (machines/fingerprint.ts) when it was first registered. The server inserts new versions at
// boot and refuses to start when a stored fingerprint differs from the running code's, so a registered
// version's graph never changes under the processes that run on it (docs/architecture.md § Workflow runtime: versions).
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import type { ProcessType } from '../../../shared/process-types'

/**
 * A process type's name (machines/registry.ts). Text, not a database enum: a new type needs no migration. The
 * processes name a (type, version) of this table, which the server fills from the registry at boot, so the
 * database holds no process of a type the code never registered.
 */
export const processType = () => text().$type<ProcessType>()

export const processDefinitionVersions = pgTable(
  'process_definition_versions',
  {
    type: processType().notNull(),
    version: integer().notNull(),
    /** SHA-256 (hex) of the version's canonical graph. */
    fingerprint: text().notNull(),
    registeredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.type, t.version] })],
)
