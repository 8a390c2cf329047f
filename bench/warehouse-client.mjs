// The HTTP client of the warehouse benchmark (bench/warehouse.ts), in a worker thread of its own like
// inbox-client.mjs: GET the given paths in turn with a token, one call at a time over a kept-alive node:http
// socket, `warmup` calls then `calls` timed ones. Plain JavaScript: worker threads do not load TypeScript here.
import http from 'node:http'
import { parentPort, workerData } from 'node:worker_threads'

/** @type {{ urls: string[], token: string, calls: number, warmup: number }} */
const { urls, token, calls, warmup } = workerData
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })

function get(url) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'GET', agent, headers: { 'x-auth-token': token } }, (res) => {
      const chunks = []
      res.on('data', (c) => chunks.push(c))
      res.on('end', () => {
        try {
          const json = JSON.parse(Buffer.concat(chunks).toString('utf8'))
          if (json.code !== 0) reject(new Error(`${url}: ${json.code} ${json.msg}`))
          else resolve(json)
        } catch (error) {
          reject(error)
        }
      })
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

parentPort.once('message', async () => {
  try {
    for (let i = 0; i < warmup; i++) await get(urls[i % urls.length])
    const times = []
    for (let i = 0; i < calls; i++) {
      const t0 = performance.now()
      await get(urls[i % urls.length])
      times.push(performance.now() - t0)
    }
    agent.destroy()
    parentPort.postMessage({ times })
  } catch (error) {
    parentPort.postMessage({ error: String(error) })
  }
})
