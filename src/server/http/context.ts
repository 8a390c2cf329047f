// What every handler can reach: the request's user and language (Hono variables) and the app's
// dependencies (passed to each module's factory).
import type { Lang } from '../../shared/errors'
import type { Config } from '../config'
import type { Database } from '../db/client'
import type { HeavyWork } from '../jobs/heavy'
import type { ArtworkScope } from '../modules/auth/scope-types'
import type { Storage } from '../storage'
import type { LogWriter } from './request-log'

export interface AuthUser {
  id: string
  username: string
  displayName: string
  allPrivileges: boolean
  privileges: Set<string>
  /** The keys of the user's enabled roles. */
  roles: string[]
  sessionHash: string
}

export interface AppEnv {
  Variables: {
    user: AuthUser | null
    lang: Lang
    logId: string
    /** Envelope code of the response, for the request log. */
    resultCode: number
    /** Error text for the request log (never secrets). */
    exception?: string
    operationType?: string
    /** The signed-in user's scope, read once per request (auth/scope.ts `requestScope`); null: everything. */
    scope?: ArtworkScope | null
  }
}

export interface Deps {
  database: Database
  config: Config
  storage: Storage
  logWriter: LogWriter
  /** Heavy work rationed: download slots and the line of Excel imports (jobs/heavy.ts). */
  heavy: HeavyWork
}
