// The measuring HTTP client shared by the benchmarks' worker threads (get-client.mjs, event-clients.mjs):
// node:http with keep-alive (lighter than fetch, so the clients take less of the machine's two cores from
// the server), a call that resolves with the parsed JSON envelope, and the worker's answer to the 'go'
// message (every timed call's milliseconds, or the error). Plain JavaScript: worker threads do not load
// TypeScript here.
import http from 'node:http'
import { parentPort } from 'node:worker_threads'

/** A kept-alive agent of at most `maxSockets` sockets. */
export const keptAlive = (maxSockets) => new http.Agent({ keepAlive: true, maxSockets })

/**
 * One call through `agent`; resolves with the JSON envelope as the server sent it (the caller checks its code).
 * @param {http.Agent} agent
 * @param {string} url
 * @param {{ method: 'GET' | 'POST', token: string, body?: unknown }} options
 */
export function send(agent, url, { method, token, body }) {
  const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body))
  const headers = data
    ? { 'content-type': 'application/json', 'content-length': data.length, 'x-auth-token': token }
    : { 'x-auth-token': token }
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent, headers }, (res) => {
      const chunks = []
      res.on('data', (c) => chunks.push(c))
      res.on('end', () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')))
        } catch (error) {
          reject(error)
        }
      })
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(data)
  })
}

/** On the parent's 'go': run the clients, close `agent`, and post `{ times }` (or `{ error }`) back. */
export function onGo(agent, run) {
  parentPort.once('message', async () => {
    try {
      const times = await run()
      agent.destroy()
      parentPort.postMessage({ times })
    } catch (error) {
      parentPort.postMessage({ error: String(error) })
    }
  })
}
