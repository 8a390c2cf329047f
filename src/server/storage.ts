// Where file bytes live: a folder on disk behind a small interface, or an S3-compatible store when the
// S3_* variables are set (storage-s3.ts), so that several API servers share the files. Keys are generated
// by the server (never taken from a client); on disk they are sharded by prefix.
import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Config } from './config'

/** Bytes `start` to `end`, both inclusive (as in an HTTP Range header). */
export interface ByteRange {
  start: number
  end: number
}

export interface Storage {
  readonly kind: string
  readonly location: string
  write(key: string, body: Readable): Promise<void>
  /** The stored bytes, or the given range of them (S3 GetObject takes the same Range). */
  read(key: string, range?: ByteRange): Readable
  size(key: string): Promise<number>
  remove(key: string): Promise<void>
  /** Release connections (shutdown). */
  close?(): Promise<void>
}

const KEY_RE = /^[a-zA-Z0-9][a-zA-Z0-9_-]*$/

/** Keys are ours (hex, `_t` suffixes for thumbnails): anything else is refused before it reaches a path. */
export const storageKeyOk = (key: string) => KEY_RE.test(key) && key.length <= 200

/**
 * The storage the configuration asks for: S3 when `config.s3` is set (checked to answer before the server
 * starts), otherwise DATA_DIR/files. The S3 module (and the AWS SDK) is loaded only then.
 */
export async function openStorage(config: Config): Promise<Storage> {
  if (config.s3) {
    const { S3Storage } = await import('./storage-s3')
    const storage = new S3Storage(config.s3)
    try {
      await storage.check()
    } catch (error) {
      await storage.close()
      throw error
    }
    return storage
  }
  return new DiskStorage(path.join(config.dataDir, 'files'))
}

export class DiskStorage implements Storage {
  readonly kind = 'disk'
  constructor(readonly location: string) {}

  private pathOf(key: string): string {
    if (!storageKeyOk(key)) throw new Error('invalid storage key')
    return path.join(this.location, key.slice(0, 2), key)
  }

  /** Written to a temporary name and renamed when complete: a failed write leaves nothing behind. */
  async write(key: string, body: Readable): Promise<void> {
    const target = this.pathOf(key)
    await mkdir(path.dirname(target), { recursive: true })
    const partial = `${target}.part-${randomBytes(6).toString('hex')}`
    const out = createWriteStream(partial, { flags: 'wx' })
    try {
      await pipeline(body, out)
      await rename(partial, target)
    } catch (error) {
      // A stream destroyed before its file finished opening still creates the file: wait for it to close.
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()))
      await rm(partial, { force: true })
      throw error
    }
  }

  read(key: string, range?: ByteRange): Readable {
    return createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : undefined)
  }

  async size(key: string): Promise<number> {
    return (await stat(this.pathOf(key))).size
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true })
  }
}
