// The backup file: one tar whose first entry is the manifest, then the database part, then the stored
// files. Written under a temporary name and renamed when complete (a failed backup leaves no file that looks
// whole); read entry by entry into a staging folder, each part's size and sha256 checked against the
// manifest before the caller moves anything into place.
import { createHash, randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { type Readable, Transform, type TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import tar from 'tar-stream'
import { BackupError, MANIFEST_NAME, type Manifest, type Part, parseManifest } from './manifest'

/** A part to put in the file: its name in the tar and where its bytes are now. */
export interface PartSource extends Part {
  path: string
}

/** Passes bytes through, counting them and hashing them with sha256. */
class Hashing extends Transform {
  readonly hash = createHash('sha256')
  bytes = 0
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.hash.update(chunk)
    this.bytes += chunk.length
    done(null, chunk)
  }
}

/** A blob's bytes in 1 MiB chunks (a stream of them through `Readable.from`, with backpressure). */
export async function* blobChunks(blob: Blob): AsyncGenerator<Buffer> {
  const size = 1024 * 1024
  for (let at = 0; at < blob.size; at += size)
    yield Buffer.from(await blob.slice(at, at + size).arrayBuffer())
}

/** The sha256 and size of a file on disk. */
export async function hashFile(file: string): Promise<{ sha256: string; bytes: number }> {
  const hashing = new Hashing()
  await pipeline(createReadStream(file), hashing, async (source: AsyncIterable<Buffer>) => {
    for await (const _ of source);
  })
  return { sha256: hashing.hash.digest('hex'), bytes: hashing.bytes }
}

/** Writes the backup file: manifest first, then every part, each read again and checked as it goes in. */
export async function writeBackupFile(
  target: string,
  manifest: Manifest,
  parts: PartSource[],
): Promise<void> {
  const partial = `${target}.part-${randomBytes(6).toString('hex')}`
  const pack = tar.pack()
  const written = pipeline(pack, createWriteStream(partial, { flags: 'wx', mode: 0o600 }))
  try {
    const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`)
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name: MANIFEST_NAME, size: text.length, mode: 0o600 }, text, (e) =>
        e ? reject(e) : resolve(),
      ),
    )
    for (const part of parts) await addPart(pack, part)
    pack.finalize()
    await written
    await rename(partial, target)
  } catch (error) {
    pack.destroy()
    await written.catch(() => undefined)
    await rm(partial, { force: true })
    throw error
  }
}

async function addPart(pack: tar.Pack, part: PartSource): Promise<void> {
  const hashing = new Hashing()
  const entry = pack.entry({ name: part.name, size: part.bytes, mode: 0o600 })
  await pipeline(createReadStream(part.path), hashing, entry)
  if (hashing.bytes !== part.bytes || hashing.hash.digest('hex') !== part.sha256)
    throw new BackupError(`${part.name} changed while it was being backed up; run the backup again`)
}

/**
 * Reads a backup file into `staging`: the manifest first (handed to `check`, which may refuse before a
 * byte is extracted), then each part, which must be named in the manifest and match its size and sha256.
 * Returns the manifest once every part it names has been extracted and verified.
 */
export async function readBackupFile(
  file: string,
  staging: string,
  check: (manifest: Manifest) => Promise<void>,
): Promise<Manifest> {
  const source = path.basename(file)
  let manifest: Manifest | undefined
  const seen = new Set<string>()
  const extract = tar.extract()
  extract.on('entry', (headers, stream, next) => {
    const step = manifest
      ? extractPart(manifest, headers.name, stream, staging, source)
      : readManifest(headers.name, stream, source).then(async (m) => {
          await check(m)
          manifest = m
        })
    step.then(
      () => {
        if (manifest && headers.name !== MANIFEST_NAME) seen.add(headers.name)
        next()
      },
      (error: unknown) => extract.destroy(error instanceof Error ? error : new Error(String(error))),
    )
  })
  try {
    await pipeline(createReadStream(file), extract)
  } catch (error) {
    if (error instanceof BackupError) throw error
    if (manifest) throw new BackupError(`${source} is damaged or cut short (${(error as Error).message})`)
    throw new BackupError(`${source} is not a Vitrine backup (it is not a backup archive)`)
  }
  if (!manifest) throw new BackupError(`${source} is not a Vitrine backup (it holds no manifest)`)
  const missing = manifest.parts.filter((p) => !seen.has(p.name))
  if (missing.length > 0)
    throw new BackupError(
      `${source} is incomplete: ${missing.length} of its parts are missing (${missing[0].name})`,
    )
  return manifest
}

async function readManifest(name: string, stream: Readable, source: string): Promise<Manifest> {
  if (name !== MANIFEST_NAME) {
    stream.resume()
    throw new BackupError(`${source} is not a Vitrine backup (it does not start with a backup manifest)`)
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > 64 * 1024 * 1024)
      throw new BackupError(`${source} is not a Vitrine backup (its manifest is too large)`)
    chunks.push(chunk)
  }
  return parseManifest(Buffer.concat(chunks).toString('utf8'), source)
}

async function extractPart(
  manifest: Manifest,
  name: string,
  stream: Readable,
  staging: string,
  source: string,
) {
  const part = manifest.parts.find((p) => p.name === name)
  if (!part) {
    stream.resume()
    throw new BackupError(`${source} is damaged: it holds ${name}, which its manifest does not name`)
  }
  const target = path.join(staging, ...name.split('/'))
  await mkdir(path.dirname(target), { recursive: true })
  const hashing = new Hashing()
  await pipeline(stream, hashing, createWriteStream(target, { flags: 'wx', mode: 0o600 }))
  if (hashing.bytes !== part.bytes || hashing.hash.digest('hex') !== part.sha256)
    throw new BackupError(`${source} is damaged: the checksum of ${name} does not match its manifest`)
}
