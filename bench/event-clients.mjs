// The HTTP clients of the process-event benchmark, in a worker thread of their own: the server's thread
// then does only the server's work, as it would with browsers on other machines, and the CPU it spends
// per event is the server's alone. Plain JavaScript: worker threads do not load TypeScript here.
import { parentPort, workerData } from 'node:worker_threads'

/** @type {{ base: string, token: string, ids: string[], events: number, payload: unknown }} */
const { base, token, ids, events, payload } = workerData

async function client(id) {
  let version = 1
  const times = []
  for (let k = 0; k < events; k++) {
    const t0 = performance.now()
    const res = await fetch(`${base}/process/${id}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': token },
      body: JSON.stringify({ type: 'SAVE', expectedVersion: version, payload }),
    })
    const json = await res.json()
    if (json.code !== 0) throw new Error(`event ${k} on ${id}: ${json.code} ${json.msg}`)
    times.push(performance.now() - t0)
    version = json.data.version
  }
  return times
}

parentPort.once('message', async () => {
  try {
    const times = (await Promise.all(ids.map(client))).flat()
    parentPort.postMessage({ times })
  } catch (error) {
    parentPort.postMessage({ error: String(error) })
  }
})
