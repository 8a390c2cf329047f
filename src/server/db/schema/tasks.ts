// Tasks: what each running process waits for, kept in step with its snapshot in the event's
// transaction (modules/tasks/sync.ts), so that an inbox is one indexed query. Beside them: the due times
// and candidate groups an administrator set per type, step and kind; the approval rules (N of M by amount
// bands per currency), versioned; and the delegations of users away from the office.
import { sql } from 'drizzle-orm'
import {
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { TASK_KINDS } from '../../../../machines/tasks'
import { processType } from './process-versions'
import { processes } from './processes'
import { roles, users } from './users'

export const taskKind = pgEnum('task_kind', TASK_KINDS)

export const processTasks = pgTable(
  'process_tasks',
  {
    id: uuid().primaryKey().defaultRandom(),
    processId: uuid()
      .notNull()
      .references(() => processes.id, { onDelete: 'cascade' }),
    type: processType().notNull(),
    step: text().notNull(),
    kind: taskKind().notNull(),
    /** The process state the task belongs to (a dotted path). */
    state: text().notNull(),
    /** A user holding any one of these is a candidate (administrators always are). */
    privileges: text().array().notNull(),
    /** Narrowed by the settings: candidates must also hold this role, or be one of these users. */
    candidateRoleId: uuid().references(() => roles.id, { onDelete: 'set null' }),
    candidateUserIds: uuid().array(),
    /** Never candidates: the step's submitter and those who already approved it. */
    excludedUserIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    /** Approvals this step needs in all (N of M) and has so far; 1 and 0 for other kinds. */
    approvalsNeeded: integer().notNull().default(1),
    approvalsDone: integer().notNull().default(0),
    /** The role one of the approvals must come from (a director above a band), when the rule names one. */
    approvalRoleKey: text(),
    claimedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp({ withTimezone: true }),
    /** When the "due soon" reminder goes (null once sent, or when there is none). */
    remindAt: timestamp({ withTimezone: true }),
    /** 0 on time; 1 overdue (candidates told again); 2 escalated to the managers. */
    escalation: smallint().notNull().default(0),
    /** When the next escalation step falls due (null when none is left). */
    escalateAt: timestamp({ withTimezone: true }),
    /** The manager role escalation goes to (from the settings). */
    managerRoleId: uuid().references(() => roles.id, { onDelete: 'set null' }),
    closedAt: timestamp({ withTimezone: true }),
    closedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The event that closed it (APPROVE, SUBMIT, TERMINATE, ...). */
    closedByEvent: text(),
  },
  (t) => [
    // One open task per state, step and kind of a process: a task opened twice is the same task.
    uniqueIndex('process_tasks_open_uq')
      .on(t.processId, t.state, t.step, t.kind)
      .where(sql`${t.closedAt} is null`),
    // The inbox's order (due date, then age): its page and its capped count stop early along it.
    index('process_tasks_open_due_idx').on(t.dueAt, t.createdAt, t.id).where(sql`${t.closedAt} is null`),
    index('process_tasks_remind_idx').on(t.remindAt).where(sql`${t.closedAt} is null`),
    index('process_tasks_escalate_idx').on(t.escalateAt).where(sql`${t.closedAt} is null`),
  ],
)

/** An administrator's timing and candidates for one step's task of one type (absent: the machine's defaults). */
export const taskSettings = pgTable(
  'task_settings',
  {
    type: processType().notNull(),
    step: text().notNull(),
    kind: taskKind().notNull(),
    dueDays: integer().notNull(),
    remindBeforeHours: integer().notNull(),
    escalateAfterDays: integer().notNull(),
    managerRoleId: uuid().references(() => roles.id, { onDelete: 'set null' }),
    candidateRoleId: uuid().references(() => roles.id, { onDelete: 'set null' }),
    candidateUserIds: uuid().array(),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.type, t.step, t.kind] })],
)

/**
 * Approval rules of one money step, versioned: each edit adds a version with the whole set of bands
 * (`ApprovalBand[]`, src/shared/contracts/tasks.ts); a process keeps the version it started with.
 */
export const approvalRules = pgTable(
  'approval_rules',
  {
    type: processType().notNull(),
    step: text().notNull(),
    version: integer().notNull(),
    bands: jsonb().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.type, t.step, t.version] })],
)

/** A user away from the office hands their tasks (all, or of one type) to another for a date range. */
export const delegations = pgTable(
  'delegations',
  {
    id: uuid().primaryKey().defaultRandom(),
    fromUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null: every type. */
    processType: processType(),
    /** Inclusive dates in the office's time zone. */
    startsOn: date().notNull(),
    endsOn: date().notNull(),
    note: text().notNull().default(''),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('delegations_to_idx').on(t.toUserId, t.startsOn).where(sql`${t.cancelledAt} is null`),
    index('delegations_from_idx').on(t.fromUserId, t.startsOn).where(sql`${t.cancelledAt} is null`),
  ],
)
