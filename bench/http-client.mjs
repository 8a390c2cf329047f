// The measuring HTTP client shared by the benchmarks' worker threads (get-client.mjs, event-clients.mjs).
// Hand-written on node:net on purpose: the clients share the machine's two cores with the server and the
// database (browsers would not), so their CPU per call must be small beside the server's. Measured on the
// process-event bench (8 clients, PostgreSQL): node:http's client took about 1 ms of CPU per call,
// undici's pool more, this one about 0.3 ms. It writes each request as one buffer and reads a
// Content-Length response, nothing more: the API answers every call so (a response without the header is
// an error here, never a silent misread). Plain JavaScript: worker threads do not load TypeScript here.
import net from 'node:net'
import { parentPort } from 'node:worker_threads'

const HEAD_END = Buffer.from('\r\n\r\n')

/** One kept-alive connection: one request at a time, its response read by Content-Length. */
class Connection {
  /** @param {URL} origin */
  constructor(origin) {
    this.host = origin.host
    this.socket = net.connect(Number(origin.port || 80), origin.hostname)
    this.socket.setNoDelay(true)
    this.closed = false
    this.chunks = []
    this.size = 0
    this.pending = undefined
    this.socket.on('data', (chunk) => this.read(chunk))
    this.socket.on('error', (error) => this.fail(error))
    this.socket.on('close', () => {
      this.closed = true
      this.fail(new Error('connection closed by the server'))
    })
  }

  fail(error) {
    const pending = this.pending
    this.pending = undefined
    pending?.reject(error)
  }

  read(chunk) {
    this.chunks.push(chunk)
    this.size += chunk.length
    const all = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.size)
    const headEnd = all.indexOf(HEAD_END)
    if (headEnd < 0) return
    const head = all.toString('latin1', 0, headEnd)
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)
    if (!length) return this.fail(new Error(`no Content-Length in the response: ${head.split('\r\n')[0]}`))
    const end = headEnd + 4 + Number(length[1])
    if (all.length < end) {
      this.chunks = [all]
      return
    }
    this.chunks = []
    this.size = 0
    const pending = this.pending
    this.pending = undefined
    try {
      pending?.resolve(JSON.parse(all.toString('utf8', headEnd + 4, end)))
    } catch (error) {
      pending?.reject(error)
    }
  }

  /**
   * @param {string} method
   * @param {string} path
   * @param {Record<string, string>} headers
   * @param {Buffer | undefined} body
   */
  request(method, path, headers, body) {
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject }
      let head = `${method} ${path} HTTP/1.1\r\nhost: ${this.host}\r\n`
      for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`
      head += `content-length: ${body ? body.length : 0}\r\n\r\n`
      this.socket.write(body ? Buffer.concat([Buffer.from(head, 'latin1'), body]) : head)
    })
  }
}

/** Up to `connections` kept-alive connections to the server at `base` (e.g. http://127.0.0.1:3000/api). */
export function keptAlive(base, connections) {
  return { origin: new URL(base), idle: [], open: 0, connections }
}

/**
 * One call through `pool`; resolves with the JSON envelope as the server sent it (the caller checks its code).
 * @param {ReturnType<typeof keptAlive>} pool
 * @param {string} url
 * @param {{ method: 'GET' | 'POST', token: string, body?: unknown }} options
 */
export async function send(pool, url, { method, token, body }) {
  const { pathname, search } = new URL(url)
  let connection = pool.idle.pop()
  while (connection?.closed) connection = pool.idle.pop()
  if (!connection) {
    if (pool.open >= pool.connections) throw new Error('more calls at once than connections')
    connection = new Connection(pool.origin)
    pool.open++
    connection.socket.once('close', () => pool.open--)
  }
  const headers = { 'x-auth-token': token }
  if (body !== undefined) headers['content-type'] = 'application/json'
  const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body))
  try {
    return await connection.request(method, pathname + search, headers, data)
  } finally {
    if (!connection.closed) pool.idle.push(connection)
  }
}

/** On the parent's 'go': run the clients, close `pool`, and post `{ times }` (or `{ error }`) back. */
export function onGo(pool, run) {
  parentPort.once('message', async () => {
    try {
      const times = await run()
      for (const connection of pool.idle) connection.socket.destroy()
      parentPort.postMessage({ times })
    } catch (error) {
      parentPort.postMessage({ error: String(error) })
    }
  })
}
