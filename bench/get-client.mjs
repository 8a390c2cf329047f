// The GET client of the warehouse and inbox benchmarks (bench/warehouse.ts, bench/inbox.ts), in a worker
// thread of its own, so that the server's thread does only the server's work: GET the given URLs in turn
// with a token, one call at a time over a kept-alive socket (http-client.mjs), `warmup` calls then `calls`
// timed ones. Plain JavaScript: worker threads do not load TypeScript here.
import { workerData } from 'node:worker_threads'
import { keptAlive, onGo, send } from './http-client.mjs'

/** @type {{ urls: string[], token: string, calls: number, warmup: number }} */
const { urls, token, calls, warmup } = workerData
const agent = keptAlive(workerData.urls[0], 1)

async function get(url) {
  const json = await send(agent, url, { method: 'GET', token })
  if (json.code !== 0) throw new Error(`${url}: ${json.code} ${json.msg}`)
  return json
}

onGo(agent, async () => {
  for (let i = 0; i < warmup; i++) await get(urls[i % urls.length])
  const times = []
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now()
    await get(urls[i % urls.length])
    times.push(performance.now() - t0)
  }
  return times
})
