// One row per API request, with the Log fields of docs/architecture.md § Records. Never holds passwords or tokens.
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

export const systemLogs = pgTable(
  'system_logs',
  {
    logId: uuid().primaryKey(),
    moduleName: text().notNull(),
    createBy: text(),
    createByUserId: uuid(),
    accessTime: timestamp({ withTimezone: true }).notNull(),
    requestUri: text().notNull(),
    operationType: text().notNull(),
    clientIpAddr: text(),
    browserUserAgent: text(),
    httpMethod: text().notNull(),
    execTime: integer().notNull(),
    success: boolean().notNull(),
    responseCode: integer().notNull(),
    exception: text(),
    /** Its position in the log's hash chain, and its hash (schema/audit.ts). */
    chainNo: bigint({ mode: 'number' }),
    hash: text(),
  },
  (t) => [
    uniqueIndex('system_logs_chain_uq').on(t.chainNo),
    index('system_logs_access_time_idx').on(t.accessTime),
    index('system_logs_user_time_idx').on(t.createByUserId, t.accessTime),
    index('system_logs_module_time_idx').on(t.moduleName, t.accessTime),
    index('system_logs_success_time_idx').on(t.success, t.accessTime),
    index('system_logs_operation_time_idx').on(t.operationType, t.accessTime),
    index('system_logs_method_time_idx').on(t.httpMethod, t.accessTime),
    index('system_logs_code_time_idx').on(t.responseCode, t.accessTime),
    index('system_logs_client_time_idx').on(t.clientIpAddr, t.accessTime),
  ],
)
