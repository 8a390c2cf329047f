// Types for what Vite hands the web app: compiled .po catalogs and the build-time settings it reads.
/// <reference types="vite/client" />

declare module '*.po' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}

interface ImportMetaEnv {
  /** `0` at build time keeps the context menu and developer shortcuts usable in a production build. */
  readonly VITE_BLOCK_DEVTOOLS?: string
  /** Shown on the diagnostics page; set by the build (defaults to the package version). */
  readonly VITE_BUILD_ID?: string
}
