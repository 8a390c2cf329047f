// The part of tar-stream 2 (streaming tar writer and reader, no types of its own) that the backup uses.
declare module 'tar-stream' {
  import type { Readable, Writable } from 'node:stream'

  export interface Headers {
    name: string
    size?: number
    mode?: number
    mtime?: Date
    type?: 'file' | 'directory' | 'symlink' | 'link' | null
  }

  export interface Pack extends Readable {
    /** With no buffer: a stream to write exactly `size` bytes into; the callback runs when it is done. */
    entry(headers: Headers, callback?: (error?: Error | null) => void): Writable
    entry(headers: Headers, buffer: string | Buffer, callback?: (error?: Error | null) => void): Writable
    finalize(): void
  }

  export interface Extract extends Writable {
    on(event: 'entry', listener: (headers: Headers, stream: Readable, next: () => void) => void): this
    on(event: 'finish' | 'close', listener: () => void): this
    on(event: 'error', listener: (error: Error) => void): this
  }

  export function pack(): Pack
  export function extract(): Extract
}
