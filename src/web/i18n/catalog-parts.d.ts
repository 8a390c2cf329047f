// The first part of a catalog (scripts/vite-first-catalog.ts): the messages of the pages before sign-in.
declare module '*messages.po?first' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}
