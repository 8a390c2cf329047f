// The HTTP clients of the process-event benchmarks (bench/process.ts: SAVE only; bench/inbox.ts: events
// with task rows), in a worker thread of their own: the server's thread then does only the server's work,
// as it would with browsers on other machines, and the CPU it spends per event is the server's alone. Each
// client sends its process a fixed round of events (e.g. SUBMIT then REJECT, each with the token of the
// user who may send it; or SAVE alone), starting at the version it is given, over kept-alive sockets
// (http-client.mjs); `withKeys` adds an idempotency key to each event as the browser does. Plain
// JavaScript: worker threads do not load TypeScript here.
import { workerData } from 'node:worker_threads'
import { keptAlive, onGo, send } from './http-client.mjs'

/**
 * @type {{ base: string, ids: string[], versions: number[], events: number, withKeys?: boolean,
 *   round: { type: string, token: string, payload?: unknown, comment?: string }[] }}
 */
const { base, ids, versions, events, round, withKeys } = workerData
const agent = keptAlive(base, ids.length)

async function client(id, start) {
  let version = start
  const times = []
  for (let k = 0; k < events; k++) {
    const step = round[k % round.length]
    const body = { type: step.type, expectedVersion: version }
    if (step.payload !== undefined) body.payload = step.payload
    if (step.comment !== undefined) body.comment = step.comment
    // With keys, as the browser sends them (use-process-event.ts): process, version, event and a hash.
    if (withKeys) body.idempotencyKey = `${id}:${version}:${step.type}:${(k * 2654435761) >>> 0}`
    const t0 = performance.now()
    const json = await send(agent, `${base}/process/${id}/events`, {
      method: 'POST',
      token: step.token,
      body,
    })
    if (json.code !== 0) throw new Error(`${step.type} ${k} on ${id}: ${json.code} ${json.msg}`)
    times.push(performance.now() - t0)
    version = json.data.version
  }
  return times
}

onGo(agent, async () => (await Promise.all(ids.map((id, i) => client(id, versions[i])))).flat())
