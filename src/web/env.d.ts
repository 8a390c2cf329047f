// Types for what Vite hands the web app: compiled .po catalogs and the build-time settings it reads.
/// <reference types="vite/client" />

declare module '*.po' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}

/** The toast store alone (an alias in vite.config.ts), so the first download skips the toast container. */
declare module '@mantine/notifications/store' {
  export { notifications, useNotifications } from '@mantine/notifications'
}

/** The package version and build time, fixed by vite.config.ts at build. */
declare const __VITRINE_VERSION__: string
declare const __VITRINE_BUILT_AT__: string

interface ImportMetaEnv {
  /** `0` at build time keeps the context menu and developer shortcuts usable in a production build. */
  readonly VITE_BLOCK_DEVTOOLS?: string
}
