// The rows of a raw statement's answer: drizzle's execute() answers rows (PGlite, node-postgres) in slightly
// different wrappers, an array or an object with `rows`.
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[]
  return ((result as { rows?: T[] }).rows ?? []) as T[]
}
