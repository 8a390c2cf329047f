// Machine versions on the server (docs/architecture.md § Workflow runtime: "Machines are versioned"). At boot, the
// fingerprint of every registered version is stored in process_definition_versions (new versions are
// added) and compared with what the database stored before: a registered version whose graph changed
// without a new version number stops the server, as does a process on a version the code no longer has.
// And an administrator's explicit migration of one running process to a newer version, along a state
// mapping declared in machines/migrations.ts, in one transaction with a MIGRATE history row.

import { and, eq, sql } from 'drizzle-orm'
import type { StateValue } from 'xstate'
import { ALLOWED_BY_ALL } from '../../../../machines/allowed-by'
import { fingerprint } from '../../../../machines/fingerprint'
import { MIGRATIONS, type Migration, migrationOf } from '../../../../machines/migrations'
import type { Actor, ProcessDefinition } from '../../../../machines/types'
import { describe } from '../../../../machines/view'
import type { ProcessMigrateInput, ProcessView } from '../../../shared/contracts/process'
import { MIGRATE_PRIVILEGE } from '../../../shared/privileges'
import type { ProcessType } from '../../../shared/process-types'
import { chained } from '../../audit/chain'
import type { Db, DbOrTx } from '../../db/client'
import { processDefinitionVersions, processes, processHistory } from '../../db/schema'
import { AppError, conflict, notFound } from '../../http/app-error'
import { closeAllTasks, syncTasks } from '../tasks/sync'
import type { ProcessCatalog } from './catalog'
import { persist, rehydrate } from './snapshot'
import { buildViews } from './views'

/** The history event type of a migration (beside CREATE and the machines' own events). */
export const MIGRATE_EVENT = 'MIGRATE'

export { MIGRATE_PRIVILEGE }

/** Thrown at boot: the message names every type and version at fault and what to do. */
export class VersionCheckError extends Error {
  override name = 'VersionCheckError'
}

export interface VersionCheck {
  /** Versions stored by this boot (first seen by this database). */
  added: { type: ProcessType; version: number }[]
  /** Every registered version with its fingerprint. */
  registered: { type: ProcessType; version: number; fingerprint: string }[]
}

function registeredVersions(catalog: ProcessCatalog) {
  return catalog.types().flatMap((type) =>
    catalog.versionsOf(type).map((version) => {
      const definition = catalog.definitionOf(type, version) as ProcessDefinition
      return { type, version, fingerprint: fingerprint(definition) }
    }),
  )
}

/**
 * Store the fingerprint of every registered version not stored yet, then refuse (VersionCheckError) when
 * a stored fingerprint differs from the running code's, or when processes use a version the code lacks.
 * Several servers booting at once are fine: an insert that loses the race is skipped, and the comparison
 * reads whatever won.
 */
export async function checkDefinitionVersions(db: Db, catalog: ProcessCatalog): Promise<VersionCheck> {
  const registered = registeredVersions(catalog)
  const inserted =
    registered.length === 0
      ? []
      : await db
          .insert(processDefinitionVersions)
          .values(registered)
          .onConflictDoNothing()
          .returning({ type: processDefinitionVersions.type, version: processDefinitionVersions.version })
  const stored = await db.select().from(processDefinitionVersions)
  const byKey = new Map(stored.map((s) => [`${s.type}@${s.version}`, s]))
  const problems: string[] = []
  for (const r of registered) {
    const s = byKey.get(`${r.type}@${r.version}`)
    if (s && s.fingerprint !== r.fingerprint)
      problems.push(
        `${r.type} version ${r.version} changed: this database stored its fingerprint ${s.fingerprint} on ` +
          `${s.registeredAt.toISOString()}, the running code's is ${r.fingerprint}`,
      )
  }
  const used = (await db.execute(
    sql`select type::text as type, definition_version as version, count(*)::int as n
          from processes group by type, definition_version`,
  )) as unknown
  const usedRows = (Array.isArray(used) ? used : (used as { rows: unknown[] }).rows) as {
    type: ProcessType
    version: number
    n: number
  }[]
  for (const u of usedRows)
    if (!catalog.definitionOf(u.type, Number(u.version)))
      problems.push(
        `${u.type} version ${u.version} is used by ${u.n} process(es) but the running code does not register it`,
      )
  if (problems.length > 0)
    throw new VersionCheckError(
      `Refusing to start: the process machines do not match this database.\n  ${problems.join('\n  ')}\n` +
        'A running process finishes on the version it started with, so a registered version never changes: ' +
        'restore that version and give the changed machine a new version number (machines/README.md, ' +
        '"Adding a version"); keep in machines/registry.ts every version a process uses.',
    )
  return { added: inserted.map((i) => ({ type: i.type, version: i.version })), registered }
}

/** A dotted state path as an XState state value: `transport.transporting` → `{ transport: 'transporting' }`. */
export function valueOfPath(path: string): StateValue {
  const [head, ...rest] = path.split('.')
  return rest.length === 0 ? head : { [head]: valueOfPath(rest.join('.')) }
}

function invalidField(field: string, message: string, extra: Record<string, unknown> = {}) {
  return new AppError(400, 'invalidInput', undefined, { fieldErrors: { [field]: message }, ...extra })
}

export function stateExists(definition: ProcessDefinition, path: string): boolean {
  try {
    const node = definition.machine.getStateNodeById(`${definition.machine.id}.${path}`)
    return Object.keys(node.states).length === 0 && node.type !== 'final'
  } catch {
    return false
  }
}

/**
 * POST /api/process/:id/migrate: move a running process to another version along a declared migration.
 * Its state is mapped, its context kept, its row version bumped, and a MIGRATE history row ("v1 → v2")
 * written, in one transaction; any refusal leaves the process as it was.
 */
export async function migrateProcess(
  env: { db: Db; catalog: ProcessCatalog; config?: { timeZone: string } },
  actor: Actor,
  id: string,
  input: ProcessMigrateInput,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<ProcessView> {
  return env.db.transaction(async (tx) => {
    const q: DbOrTx = tx
    // Locked for the transaction: an event racing the migration waits, then finds the version moved on.
    const [row] = await tx.select().from(processes).where(eq(processes.id, id)).for('update')
    if (!row) throw notFound()
    const target = env.catalog.definitionOf(row.type, input.toVersion)
    if (!target)
      throw invalidField('toVersion', 'unknownVersion', { versions: env.catalog.versionsOf(row.type) })
    if (input.expectedVersion !== row.version) throw conflict()
    if (row.done) throw invalidField('id', 'processFinished')
    if (input.toVersion === row.definitionVersion) throw invalidField('toVersion', 'alreadyOnVersion')
    const migration = migrationOf(row.type, row.definitionVersion, input.toVersion, migrations)
    if (!migration) throw invalidField('toVersion', 'migrationNotDeclared')
    const to = migration.states[row.state]
    if (to === undefined || !stateExists(target, to))
      throw invalidField('toVersion', 'stateNotMapped', { state: row.state })

    const source = env.catalog.definitionOf(row.type, row.definitionVersion)
    if (!source) throw invalidField('toVersion', 'migrationNotDeclared')
    const context = row.snapshot.context
    // The old snapshot is rebuilt only to prove it is readable; the new one starts from its context.
    rehydrate(source.machine, row.snapshot)
    const next = target.machine.resolveState({ value: valueOfPath(to), context })
    const persisted = persist(target.machine, next)
    const described = describe(target, next)
    const at = new Date()
    const version = row.version + 1
    const [updated] = await tx
      .update(processes)
      .set({
        definitionVersion: target.version,
        machineId: target.machine.id,
        stateValue: persisted.value,
        state: described.state,
        snapshot: persisted,
        status: described.status,
        currentStep: described.currentStep,
        done: described.done,
        version,
        updatedAt: at,
        finishedAt: described.done ? at : null,
      })
      .where(and(eq(processes.id, id), eq(processes.version, row.version)))
      .returning()
    if (!updated) throw conflict()
    await tx.insert(processHistory).values(
      chained('process_history', [
        {
          processId: id,
          seq: version,
          eventType: MIGRATE_EVENT,
          fromState: row.state,
          toState: described.state,
          byUserId: actor.id,
          at,
          comment: `v${row.definitionVersion} → v${target.version}`,
          payload: { fromVersion: row.definitionVersion, toVersion: target.version },
          definitionVersion: target.version,
          allowedBy: actor.privileges.includes(MIGRATE_PRIVILEGE) ? MIGRATE_PRIVILEGE : ALLOWED_BY_ALL,
        },
      ]),
    )
    // The tasks follow the new version's state: those of the old one close, the new one's open.
    await closeAllTasks(q, id, at, actor.id, MIGRATE_EVENT)
    await syncTasks(q, {
      processId: id,
      type: row.type,
      definition: target,
      snapshot: next,
      createdBy: row.createdBy,
      at,
      by: actor.id,
      event: MIGRATE_EVENT,
    })
    const [view] = await buildViews(q, env.catalog, [updated], actor)
    return view
  })
}
