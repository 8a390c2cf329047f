// Running processes (docs/architecture.md § Workflow runtime): one row per process with its machine version, persisted
// snapshot and row version; the append-only history of the events applied to it; the idempotency keys
// that make a repeated request return its first result; and the timed reminders a scheduler delivers.
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { PersistedSnapshot } from '../../../../machines/types'
import { PROCESS_STATUSES } from '../../../shared/contracts/process'
import { artworks } from './artworks'
import { processDefinitionVersions, processType } from './process-versions'
import { users } from './users'

export const processStatus = pgEnum('process_status', PROCESS_STATUSES)

export const processes = pgTable(
  'processes',
  {
    id: uuid().primaryKey().defaultRandom(),
    type: processType().notNull(),
    /** The machine definition version the process started with and finishes on. */
    definitionVersion: integer().notNull(),
    /** The machine's id (`createMachine({ id })`), kept beside the version for diagnostics. */
    machineId: text().notNull(),
    /** The state value as XState gives it (string or nested object). */
    stateValue: jsonb().notNull(),
    /** The same state flattened to a dotted path (`dueDiligence.submitted`), for filters and counts. */
    state: text().notNull(),
    /** The persisted snapshot (`machine.getPersistedSnapshot`): value, context, status, history. */
    snapshot: jsonb().$type<PersistedSnapshot>().notNull(),
    status: processStatus().notNull(),
    currentStep: text(),
    /** True once the machine reached a final state. */
    done: boolean().notNull().default(false),
    /** Optimistic lock: every applied event adds one. */
    version: integer().notNull().default(1),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    /** The machine a process runs on is one the server registered (at boot, from machines/registry.ts). */
    foreignKey({
      name: 'processes_definition_fk',
      columns: [t.type, t.definitionVersion],
      foreignColumns: [processDefinitionVersions.type, processDefinitionVersions.version],
    }),
    index('processes_type_status_idx').on(t.type, t.status),
    index('processes_status_idx').on(t.status),
    index('processes_type_state_idx').on(t.type, t.state),
    index('processes_step_idx').on(t.currentStep),
    index('processes_created_by_idx').on(t.createdBy, t.createdAt),
    index('processes_created_at_idx').on(t.createdAt),
    index('processes_updated_at_idx').on(t.updatedAt),
    /**
     * The payment requests that settle a process's cost (links: one request per cost step). Not partial: a
     * predicate naming FINANCE_PAYMENT would have used the enum value in the transaction that added it.
     */
    index('processes_pays_for_idx').on(sql`(${t.snapshot}->'context'->'subject'->>'forProcessId')`),
  ],
)

/** The artworks a process is about (its subject; for BUY_ART, the artworks it created). */
export const processArtworks = pgTable(
  'process_artworks',
  {
    processId: uuid()
      .notNull()
      .references(() => processes.id, { onDelete: 'cascade' }),
    artworkId: uuid()
      .notNull()
      .references(() => artworks.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.processId, t.artworkId] }),
    index('process_artworks_artwork_idx').on(t.artworkId),
  ],
)

/**
 * Append-only: one row per applied event (seq 1 is the creation). A trigger refuses UPDATE, DELETE and
 * TRUNCATE (migration 0005), and a process with history cannot be deleted (ON DELETE RESTRICT): a process
 * ends by being terminated, never removed.
 */
export const processHistory = pgTable(
  'process_history',
  {
    processId: uuid()
      .notNull()
      .references(() => processes.id, { onDelete: 'restrict' }),
    seq: integer().notNull(),
    eventType: text().notNull(),
    fromState: text(),
    toState: text().notNull(),
    /** Who acted; null for the scheduler's own rows (a task escalated). */
    byUserId: uuid().references(() => users.id),
    /** The user a delegate acted for ("approved by B on behalf of A"). */
    onBehalfOf: uuid().references(() => users.id),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    comment: text().notNull().default(''),
    payload: jsonb(),
    /** The machine version the event was applied on (the process's `definition_version` then). */
    definitionVersion: integer().notNull(),
    /**
     * What allowed the action: the one privilege of the actor that suffices, 'allPrivileges', 'starter'
     * (the starter's own TERMINATE / RESTART), or 'unrecorded' for rows written before this column.
     */
    allowedBy: text().notNull(),
    /** Its position in the history's hash chain, and its hash (schema/audit.ts). */
    chainNo: bigint({ mode: 'number' }),
    hash: text(),
  },
  (t) => [
    primaryKey({ columns: [t.processId, t.seq] }),
    uniqueIndex('process_history_chain_uq').on(t.chainNo),
    index('process_history_by_at_idx').on(t.byUserId, t.at),
    index('process_history_event_idx').on(t.eventType),
  ],
)

/**
 * A request's idempotency key, per user, bound to the request by a hash: the first result is returned for
 * every repeat of the same request, another request under the same key is refused. The key is claimed
 * (inserted without a response) inside the request's transaction before its write, so a concurrent repeat
 * waits for the first one and answers with its result.
 */
export const processIdempotencyKeys = pgTable(
  'process_idempotency_keys',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    /** SHA-256 (hex) of the request: user, process (or type and input), event, version, payload, comment. */
    requestHash: text().notNull(),
    /** The process the event went to, or the one the start created (null until then). */
    processId: uuid().references(() => processes.id, { onDelete: 'cascade' }),
    /** The event type, or CREATE for a start. */
    eventType: text().notNull(),
    /** The first result (null only while the claiming transaction runs). */
    response: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('process_idempotency_created_idx').on(t.createdAt),
  ],
)

export const reminderKind = pgEnum('reminder_kind', ['insuranceExpiry', 'contractExpiry', 'custom'])

/** Timed reminders: machines hold no timers, so a due time becomes a row the scheduler delivers. */
export const processReminders = pgTable(
  'process_reminders',
  {
    id: uuid().primaryKey().defaultRandom(),
    processId: uuid().references(() => processes.id, { onDelete: 'cascade' }),
    recipientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: reminderKind().notNull(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    titleZh: text().notNull(),
    titleEn: text().notNull(),
    bodyZh: text().notNull().default(''),
    bodyEn: text().notNull().default(''),
    deliveredAt: timestamp({ withTimezone: true }),
    /** Cancelled before delivery (the process ended without what it reminds of); never delivered then. */
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('process_reminders_due_idx').on(t.dueAt).where(sql`${t.deliveredAt} is null`),
    // One reminder of each kind per process: scheduling again moves its due time (modules/messages/send.ts).
    uniqueIndex('process_reminders_process_kind_uq').on(t.processId, t.kind),
  ],
)
