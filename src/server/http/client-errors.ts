// Requests Node refuses before the app sees them (a request line or headers over Node's 16 KB limit, a
// malformed request) still get the envelope: Node's own answer is a bare
// "431 Request Header Fields Too Large". The language is unknown at this point: Chinese, the default.
import type { Duplex } from 'node:stream'
import { formatMessage } from '../../shared/errors'

/** The raw HTTP answer for a request Node could not parse. */
export function clientErrorAnswer(errorCode: string | undefined): string {
  const overflow = errorCode === 'HPE_HEADER_OVERFLOW'
  const status = overflow ? '431 Request Header Fields Too Large' : '400 Bad Request'
  const body = JSON.stringify(
    overflow
      ? { code: 413, msg: formatMessage('headersTooLarge', 'zh-CN'), data: null }
      : { code: 400, msg: formatMessage('invalidInput', 'zh-CN'), data: { fieldErrors: {} } },
  )
  return (
    `HTTP/1.1 ${status}\r\ncontent-type: application/json; charset=utf-8\r\n` +
    `content-length: ${Buffer.byteLength(body)}\r\nx-content-type-options: nosniff\r\n` +
    `cache-control: no-store\r\nconnection: close\r\n\r\n${body}`
  )
}

/** Answer Node's client errors with the envelope instead of its bare status line. */
export function answerClientErrors(server: {
  on(event: 'clientError', listener: (error: NodeJS.ErrnoException, socket: Duplex) => void): unknown
}): void {
  server.on('clientError', (error, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy()
      return
    }
    socket.end(clientErrorAnswer(error.code))
  })
}
