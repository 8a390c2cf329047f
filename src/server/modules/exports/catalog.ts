// What an export carries, read from the database's own catalogue rather than listed here: every table of the
// public schema with every column (in column order), its primary key, and the foreign keys that decide the
// order of a load. A table or column added by a migration travels without any change to this module.
// docs/export-format.md describes how each type is written.

/** A connection that answers raw SQL: a snapshot (export) or a transaction (import). */
export interface Sql {
  query(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>
}

/** How a column's values are written in a line: see `selectExpression` and docs/export-format.md. */
export type Encoding = 'json' | 'text' | 'timestamptz' | 'timestamp' | 'bytea'

export interface Column {
  name: string
  /** The type as PostgreSQL names it (`format_type`): `numeric(14,2)`, `timestamp with time zone`, … */
  type: string
  encoding: Encoding
  nullable: boolean
  identity: boolean
}

export interface Table {
  name: string
  columns: Column[]
  primaryKey: string[]
  /** Tables this one references (its own name left out). */
  references: string[]
  /** Columns referencing this same table (a parent row): loaded empty, then filled in a second pass. */
  selfReferences: string[]
}

/**
 * Tables that never travel: the export jobs (their archives belong to the installation that made them). The
 * migrations' own bookkeeping lives outside the public schema and is rewritten by the migrations at import.
 */
export const NOT_EXPORTED = new Set(['export_jobs'])

/** Types written as JSON values as they are (exact in JSON): booleans, small integers, floats, json. */
const JSON_TYPES = new Set(['boolean', 'smallint', 'integer', 'real', 'double precision', 'json', 'jsonb'])

export function encodingOf(type: string): Encoding {
  if (JSON_TYPES.has(type)) return 'json'
  if (type.startsWith('timestamp') && type.endsWith('with time zone')) return 'timestamptz'
  if (type.startsWith('timestamp')) return 'timestamp'
  if (type === 'bytea') return 'bytea'
  // Arrays of text-like values are JSON arrays of strings; any other type is its PostgreSQL text form.
  if (type.endsWith('[]') && !type.startsWith('numeric') && !type.startsWith('bigint')) return 'json'
  return 'text'
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`

/** Every exported table with its columns, keys and references, in a load order (parents first). */
export async function readCatalog(sql: Sql): Promise<Table[]> {
  const tables = await sql.query(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      order by c.relname collate "C"`,
  )
  const columns = await sql.query(
    `select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
            not a.attnotnull as nullable, a.attidentity <> '' as identity
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by c.relname, a.attnum`,
  )
  const keys = await sql.query(
    `select c.relname as table, k.contype as kind, f.relname as target,
            array(select a.attname::text from unnest(k.conkey) with ordinality u(n, i)
                    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i) as columns
       from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
       left join pg_class f on f.oid = k.confrelid
      where n.nspname = 'public' and k.contype in ('p', 'f')`,
  )
  const byName = new Map<string, Table>()
  for (const row of tables) {
    const name = String(row.name)
    if (NOT_EXPORTED.has(name)) continue
    byName.set(name, { name, columns: [], primaryKey: [], references: [], selfReferences: [] })
  }
  for (const row of columns) {
    const table = byName.get(String(row.table))
    const type = String(row.type)
    table?.columns.push({
      name: String(row.name),
      type,
      encoding: encodingOf(type),
      nullable: row.nullable === true,
      identity: row.identity === true,
    })
  }
  for (const row of keys) {
    const table = byName.get(String(row.table))
    if (!table) continue
    const cols = row.columns as string[]
    if (row.kind === 'p') table.primaryKey = cols
    else if (row.target === table.name) table.selfReferences.push(...cols)
    else if (byName.has(String(row.target)) && !table.references.includes(String(row.target)))
      table.references.push(String(row.target))
  }
  return loadOrder([...byName.values()])
}

/**
 * Parents before children (Kahn's order, ties by name so the order is stable). The schema has no cycle
 * between tables (only rows naming a row of their own table, loaded in two passes); should one appear, it is
 * broken at the first remaining table by name and the import's foreign-key check names any row it refuses.
 */
export function loadOrder(tables: Table[]): Table[] {
  const remaining = new Map(tables.map((t) => [t.name, t]))
  const ordered: Table[] = []
  while (remaining.size > 0) {
    const ready = [...remaining.values()]
      .filter((t) => t.references.every((r) => !remaining.has(r)))
      .sort((a, b) => (a.name < b.name ? -1 : 1))
    if (ready.length === 0) {
      const first = [...remaining.values()].sort((a, b) => (a.name < b.name ? -1 : 1))[0]
      first.references = first.references.filter((r) => !remaining.has(r))
      continue
    }
    for (const t of ready) {
      ordered.push(t)
      remaining.delete(t.name)
    }
  }
  return ordered
}

/** The expression that writes a column into a line (its JSON value is exact: see docs/export-format.md). */
export function selectExpression(column: Column): string {
  const c = quoteIdent(column.name)
  switch (column.encoding) {
    case 'json':
      return c
    // `infinity` and `-infinity` (an open end, as a movement's `until`) are written as those words.
    case 'timestamptz':
      return `case when isfinite(${c}) then to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') else ${c}::text end`
    case 'timestamp':
      return `case when isfinite(${c}) then to_char(${c}, 'YYYY-MM-DD"T"HH24:MI:SS.US') else ${c}::text end`
    case 'bytea':
      return `translate(encode(${c}, 'base64'), E'\\n', '')`
    default:
      return `${c}::text`
  }
}

/** The type a column's JSON value is read back as (bytea arrives as base64 text and is decoded). */
export function recordType(column: Column): string {
  if (column.encoding === 'bytea') return 'text'
  return column.type
}

export function valueExpression(column: Column): string {
  const c = `r.${quoteIdent(column.name)}`
  return column.encoding === 'bytea' ? `decode(${c}, 'base64')` : c
}
