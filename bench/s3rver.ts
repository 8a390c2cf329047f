// The local S3-compatible server (s3rver, a dev dependency) as the storage benchmark and the S3 tests start it:
// s3rver ships no types and is CommonJS, so its constructor is typed here once.
import { createRequire } from 'node:module'

export interface S3rverInstance {
  run(): Promise<{ port: number }>
  close(): Promise<void>
}

export type S3rverClass = new (options: {
  port: number
  address: string
  silent: boolean
  directory: string
  configureBuckets: Array<{ name: string }>
}) => S3rverInstance

export const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass
