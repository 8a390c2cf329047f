// The HTTP clients of the process-event benchmark, in a worker thread of their own: the server's thread
// then does only the server's work, as it would with browsers on other machines, and the CPU it spends
// per event is the server's alone. node:http with keep-alive (lighter than fetch, so the clients take
// less of the machine's two cores from the server). Plain JavaScript: worker threads do not load
// TypeScript here.
import http from 'node:http'
import { parentPort, workerData } from 'node:worker_threads'

/** @type {{ base: string, token: string, ids: string[], events: number, payload: unknown, withKeys: boolean }} */
const { base, token, ids, events, payload, withKeys } = workerData
const agent = new http.Agent({ keepAlive: true, maxSockets: ids.length })

function post(path, body) {
  const data = Buffer.from(JSON.stringify(body))
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': data.length, 'x-auth-token': token },
      },
      (res) => {
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
      },
    )
    req.on('error', reject)
    req.end(data)
  })
}

async function client(id) {
  let version = 1
  const times = []
  for (let k = 0; k < events; k++) {
    const t0 = performance.now()
    // With keys, as the browser sends them (use-process-event.ts): process, version, event and a hash.
    const body = { type: 'SAVE', expectedVersion: version, payload }
    if (withKeys) body.idempotencyKey = `${id}:${version}:SAVE:${(k * 2654435761) >>> 0}`
    const json = await post(`/process/${id}/events`, body)
    if (json.code !== 0) throw new Error(`event ${k} on ${id}: ${json.code} ${json.msg}`)
    times.push(performance.now() - t0)
    version = json.data.version
  }
  return times
}

parentPort.once('message', async () => {
  try {
    const times = (await Promise.all(ids.map(client))).flat()
    agent.destroy()
    parentPort.postMessage({ times })
  } catch (error) {
    parentPort.postMessage({ error: String(error) })
  }
})
