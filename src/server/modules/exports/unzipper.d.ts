// The part of unzipper (a ZIP reader the server already ships, through exceljs) the import uses.
declare module 'unzipper' {
  import type { Readable } from 'node:stream'

  interface CentralDirectoryEntry {
    path: string
    uncompressedSize: number
    stream(): Readable
  }
  interface CentralDirectory {
    files: CentralDirectoryEntry[]
  }
  const unzipper: { Open: { file(path: string): Promise<CentralDirectory> } }
  export default unzipper
}
