// The HTTP clients of the events-with-task-rows benchmark (bench/inbox.ts), in a worker thread of their
// own like event-clients.mjs: each client sends its process a fixed round of events (SUBMIT then REJECT,
// each with the token of the user who may send it; or SAVE alone) over node:http with keep-alive, starting
// at the version it is given. Plain JavaScript: worker threads do not load TypeScript here.
import http from 'node:http'
import { parentPort, workerData } from 'node:worker_threads'

/**
 * @type {{ base: string, ids: string[], versions: number[], events: number,
 *   round: { type: string, token: string, payload?: unknown, comment?: string }[] }}
 */
const { base, ids, versions, events, round } = workerData
const agent = new http.Agent({ keepAlive: true, maxSockets: ids.length })

function post(path, body, token) {
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

async function client(id, start) {
  let version = start
  const times = []
  for (let k = 0; k < events; k++) {
    const step = round[k % round.length]
    const body = { type: step.type, expectedVersion: version }
    if (step.payload !== undefined) body.payload = step.payload
    if (step.comment !== undefined) body.comment = step.comment
    const t0 = performance.now()
    const json = await post(`/process/${id}/events`, body, step.token)
    if (json.code !== 0) throw new Error(`${step.type} ${k} on ${id}: ${json.code} ${json.msg}`)
    times.push(performance.now() - t0)
    version = json.data.version
  }
  return times
}

parentPort.once('message', async () => {
  try {
    const times = (await Promise.all(ids.map((id, i) => client(id, versions[i])))).flat()
    agent.destroy()
    parentPort.postMessage({ times })
  } catch (error) {
    parentPort.postMessage({ error: String(error) })
  }
})
