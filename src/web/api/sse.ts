// A parser of server-sent events (the text/event-stream format of the HTML standard) for streams read with
// fetch — so the request carries the x-auth-token header like every other call, and no token sits in a URL.
// Text goes in as it arrives, in pieces cut anywhere; each complete event comes out once its blank line has
// come. Lines end in LF, CRLF or CR; `:` lines are comments (heartbeats); `data` lines join with LF; an
// event without data is not dispatched; the last `id` stays with the events after it, `retry` comes with the
// event it was sent in.

export interface SseEvent {
  /** `message` when the event names none. */
  event: string
  data: string
  id?: string
  retry?: number
}

export interface SseParser {
  /** Feed the next piece of text. */
  push(chunk: string): void
}

export function createSseParser(onEvent: (event: SseEvent) => void): SseParser {
  let buffer = ''
  /** The last piece ended in CR: an LF starting the next piece belongs to that line end. */
  let pendingCr = false
  let event = ''
  let data: string[] = []
  let hasData = false
  let id: string | undefined
  let retry: number | undefined

  const dispatch = () => {
    if (hasData) {
      onEvent({
        event: event || 'message',
        data: data.join('\n'),
        ...(id !== undefined ? { id } : {}),
        ...(retry !== undefined ? { retry } : {}),
      })
    }
    event = ''
    data = []
    hasData = false
    retry = undefined
  }

  const line = (text: string) => {
    if (text === '') return dispatch()
    if (text.startsWith(':')) return
    const colon = text.indexOf(':')
    const field = colon === -1 ? text : text.slice(0, colon)
    let value = colon === -1 ? '' : text.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    if (field === 'event') event = value
    else if (field === 'data') {
      data.push(value)
      hasData = true
    } else if (field === 'id') {
      if (!value.includes('\0')) id = value
    } else if (field === 'retry') {
      if (/^\d+$/.test(value)) retry = Number(value)
    }
  }

  return {
    push(chunk: string) {
      let text = chunk
      if (pendingCr && text.startsWith('\n')) text = text.slice(1)
      pendingCr = false
      buffer += text
      let start = 0
      for (let i = 0; i < buffer.length; i++) {
        const ch = buffer[i]
        if (ch !== '\n' && ch !== '\r') continue
        line(buffer.slice(start, i))
        if (ch === '\r') {
          if (i + 1 === buffer.length) pendingCr = true
          else if (buffer[i + 1] === '\n') i++
        }
        start = i + 1
      }
      buffer = buffer.slice(start)
    },
  }
}
