// The server-sent events parser the bell's stream reader uses (src/web/api/sse.ts): events split anywhere
// across chunks, every line ending, comments (heartbeats) skipped, multi-line data, id and retry.
import { describe, expect, it } from 'vitest'
import { createSseParser, type SseEvent } from '../../../src/web/api/sse'

function parse(chunks: string[]): SseEvent[] {
  const out: SseEvent[] = []
  const parser = createSseParser((e) => out.push(e))
  for (const c of chunks) parser.push(c)
  return out
}

describe('the SSE parser', () => {
  it('reads named events and skips heartbeat comments', () => {
    expect(parse([': heartbeat\n\nevent: counts\ndata: {"openTasks":2}\n\n: heartbeat\n\n'])).toEqual([
      { event: 'counts', data: '{"openTasks":2}' },
    ])
  })

  it('gives the same events however the text is cut, with LF, CRLF or CR line ends', () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      const text = `event: counts${eol}data: a${eol}data:b${eol}id: 7${eol}retry: 500${eol}${eol}data: plain${eol}${eol}`
      const whole = parse([text])
      expect(whole).toEqual([
        { event: 'counts', data: 'a\nb', id: '7', retry: 500 },
        { event: 'message', data: 'plain', id: '7' },
      ])
      // Every cut of the text into two pieces, and one character at a time.
      for (let i = 1; i < text.length; i++) expect(parse([text.slice(0, i), text.slice(i)])).toEqual(whole)
      expect(parse([...text])).toEqual(whole)
    }
  })

  it('dispatches nothing for an event without data or one not yet ended by a blank line', () => {
    expect(parse(['event: counts\n\n'])).toEqual([])
    expect(parse(['event: counts\ndata: 1\n'])).toEqual([])
  })

  it('keeps a value’s own spaces after the first and takes a field without a colon as empty', () => {
    expect(parse(['data:  two spaces\ndata\n\n'])).toEqual([{ event: 'message', data: ' two spaces\n' }])
  })
})
