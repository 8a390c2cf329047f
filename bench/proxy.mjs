// One address in front of several API servers, for the servers benchmark (bench/servers.ts): each request goes
// to the next server in turn over kept-alive sockets, as a round-robin load balancer sends it. Run as a
// process of its own (its CPU apart from the servers'); prints "proxy listening on <port>" when ready.
// Plain JavaScript: a child process started with node alone.
import http from 'node:http'

const upstreams = process.argv.slice(2).map((port) => ({
  port: Number(port),
  agent: new http.Agent({ keepAlive: true, maxSockets: 64 }),
}))
let next = 0

const server = http.createServer((req, res) => {
  const up = upstreams[next]
  next = (next + 1) % upstreams.length
  const out = http.request(
    {
      host: '127.0.0.1',
      port: up.port,
      method: req.method,
      path: req.url,
      headers: req.headers,
      agent: up.agent,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    },
  )
  out.on('error', (error) => {
    res.writeHead(502, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ code: 502, msg: String(error), data: null }))
  })
  req.pipe(out)
})
server.keepAliveTimeout = 60_000
server.listen(0, '127.0.0.1', () => console.log(`proxy listening on ${server.address().port}`))
