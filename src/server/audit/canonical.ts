// The canonical form of a chained row, the one text its hash is taken over (docs/audit.md): a JSON object of
// every column of the row except its chain position and hash, keyed by the database's column names, keys
// sorted, no white space; a timestamp as UTC with six decimals (`2026-01-02T03:04:05.678000Z`, the
// database's precision), a JSON column's value canonical the same way at every depth, a number as JSON
// writes it (shortest round trip), SQL NULL as null. The writer makes it from the values it inserts, the
// verifier from the values it reads back: the two must give the same text for the same stored row.
import { getTableColumns } from 'drizzle-orm'
import { toSnakeCase } from 'drizzle-orm/casing'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { ChainName } from '../../shared/audit'
import { artworkHistory, processHistory, systemLogs } from '../db/schema'

/** A JSON value written canonically: keys sorted by UTF-16 code units, nothing undefined, no white space. */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'object' && 'toJSON' in value && typeof value.toJSON === 'function')
    return canonicalJson(value.toJSON())
  if (Array.isArray(value))
    return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`
  if (typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  // Strings, numbers (non-finite ones become null) and booleans as JSON writes them.
  return JSON.stringify(value) ?? 'null'
}

/** A timestamp as the chain writes it: UTC, six decimals (JavaScript holds milliseconds: three zeros follow). */
export function canonicalTime(at: Date): string {
  return `${at.toISOString().slice(0, -1)}000Z`
}

/** The chained tables, by the chain's name (the table's name). */
export const CHAINED_TABLES = {
  process_history: processHistory,
  artwork_history: artworkHistory,
  system_logs: systemLogs,
} as const satisfies Record<ChainName, PgTable>
export type { ChainName }

/** A hashed column: its key in the schema, its name in the database, and how its value is written. */
export interface ChainColumn {
  key: string
  name: string
  kind: 'time' | 'json' | 'plain'
}

/** The columns of the chain bookkeeping itself, outside the canonical row. */
const LINK_COLUMNS = new Set(['chainNo', 'hash'])

/** A table's hashed columns, in the canonical order (their database names sorted). */
function columnsOf(table: PgTable): ChainColumn[] {
  return Object.entries(getTableColumns(table))
    .filter(([key]) => !LINK_COLUMNS.has(key))
    .map(([key, column]) => {
      const type = column.getSQLType()
      const kind = type.startsWith('timestamp') ? 'time' : type.startsWith('json') ? 'json' : 'plain'
      return { key, name: toSnakeCase(key), kind } satisfies ChainColumn
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

/** Every hashed column of each chain, from the schema (a new column is hashed without another change). */
export const CHAIN_COLUMNS: Record<ChainName, ChainColumn[]> = {
  process_history: columnsOf(processHistory),
  artwork_history: columnsOf(artworkHistory),
  system_logs: columnsOf(systemLogs),
}

function valueText(column: ChainColumn, value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (column.kind === 'time')
    return JSON.stringify(value instanceof Date ? canonicalTime(value) : String(value))
  return canonicalJson(value)
}

/**
 * The canonical text of a row. `keyOf` picks how the row is keyed: by the schema's keys (a row the app is
 * about to insert; a timestamp a Date) or by the database's names (a row read back; a timestamp the text
 * the verifier's query formats, already canonical).
 */
export function canonicalRow(
  chain: ChainName,
  row: Record<string, unknown>,
  keyedBy: 'key' | 'name' = 'key',
) {
  return `{${CHAIN_COLUMNS[chain].map((c) => `${JSON.stringify(c.name)}:${valueText(c, row[c[keyedBy]])}`).join(',')}}`
}

/** Each chain's time column and the columns that name one row (database names): the linker's order. */
export const CHAIN_ORDER: Record<ChainName, { time: string; key: string[] }> = {
  process_history: { time: 'at', key: ['process_id', 'seq'] },
  artwork_history: { time: 'at', key: ['artwork_id', 'version'] },
  system_logs: { time: 'access_time', key: ['log_id'] },
}

/** The text that names one row of a chain: its key columns' values, as JSON (keyed like `canonicalRow`). */
export function rowKeyOf(
  chain: ChainName,
  row: Record<string, unknown>,
  keyedBy: 'key' | 'name' = 'key',
): string {
  const columns = CHAIN_ORDER[chain].key.map((name) => CHAIN_COLUMNS[chain].find((c) => c.name === name))
  return JSON.stringify(columns.map((c) => (c ? row[c[keyedBy]] : null)))
}
