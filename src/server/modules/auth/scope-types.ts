// The shape of a user's scope (scope.ts makes it), apart so that the request's context (http/context.ts) can
// name it without importing the rule's code.
import type { SQL, SQLWrapper } from 'drizzle-orm'

export interface ArtworkScope {
  /** The entities the user is limited to (as stored; those under them count too). */
  entityIds: string[]
  /** The ids of the artworks in scope, as a subquery. */
  artworkIds: SQL
  /** True when the artwork id (a column or an expression) is in scope. */
  artworkVisible(artworkId: SQLWrapper): SQL
  /** True when the process is visible: none of its subject artworks is out of scope. */
  processVisible(processId: SQLWrapper): SQL
  /**
   * True when the file may be read: it belongs to no artwork (as its preview or among its media), or to one
   * in scope.
   */
  fileVisible(fileId: SQLWrapper): SQL
}
