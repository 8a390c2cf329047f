// File bytes in an S3-compatible object store (S3_* variables), so that several API servers share them.
// Behind the same Storage interface as the disk folder: uploads stream as a multipart upload (parts of
// PART_BYTES, at most two in flight, so memory stays bounded whatever the file size), reads stream from
// GetObject (with the HTTP Range the download asked for). Loaded only when S3 is configured (storage.ts).
import { PassThrough, type Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import type { S3Config } from './config'
import { type ByteRange, type Storage, storageKeyOk } from './storage'

/** Multipart part size: S3's minimum (5 MiB) plus headroom; a smaller file is one PutObject. */
export const PART_BYTES = 8 * 1024 * 1024

export class S3Storage implements Storage {
  readonly kind = 's3'
  readonly location: string
  private readonly client: S3Client
  private readonly bucket: string

  constructor(config: S3Config) {
    this.bucket = config.bucket
    this.location = `${config.endpoint.replace(/\/+$/, '')}/${config.bucket}`
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Checksums only where the API requires them: many S3-compatible stores do not understand the
      // SDK's default streaming (aws-chunked) checksums. Every request is still signed (SigV4), and the
      // upload's sha256 is kept in the database.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    })
  }

  private keyOf(key: string): string {
    if (!storageKeyOk(key)) throw new Error('invalid storage key')
    return key
  }

  /** Boot check: the bucket answers with these credentials (a wrong setting stops the start, not an upload). */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }))
    } catch (error) {
      throw new Error(`S3 bucket ${this.location} is not reachable: ${describe(error)}`)
    }
  }

  /**
   * A multipart upload fed by the stream. A failed body (too large, refused format) or store aborts the
   * upload: no object and no orphaned parts remain.
   */
  async write(key: string, body: Readable): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.keyOf(key), Body: body },
      partSize: PART_BYTES,
      queueSize: 2,
      leavePartsOnError: false,
    })
    // The SDK stops reading the body when a part fails; the body's own error must still end the write.
    let bodyError: unknown
    body.once('error', (error) => {
      bodyError = error
      void upload.abort().catch(() => undefined)
    })
    try {
      await upload.done()
    } catch (error) {
      throw bodyError ?? error
    }
    if (bodyError) throw bodyError
  }

  /** The object's bytes, streamed as they arrive; errors (missing key, store down) end the stream. */
  read(key: string, range?: ByteRange): Readable {
    const out = new PassThrough()
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.keyOf(key),
      Range: range ? `bytes=${range.start}-${range.end}` : undefined,
    })
    const abort = new AbortController()
    out.once('close', () => abort.abort())
    this.client
      .send(command, { abortSignal: abort.signal })
      .then((res) => {
        const body = res.Body as Readable | undefined
        if (!body) throw new Error(`S3 object ${key} has no body`)
        body.once('error', (error) => out.destroy(error))
        body.pipe(out)
      })
      .catch((error) => {
        if (!out.destroyed) out.destroy(error instanceof Error ? error : new Error(describe(error)))
      })
    return out
  }

  async size(key: string): Promise<number> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }),
      )
      return Number(head.ContentLength ?? 0)
    } catch (error) {
      // A HEAD answer has no body: the SDK names a missing object only by its status.
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
      if (status === 404) throw new Error(`no object ${key} in ${this.location}`)
      throw error
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }))
  }

  async close(): Promise<void> {
    this.client.destroy()
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`
  return String(error)
}
