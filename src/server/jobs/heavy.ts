// Heavy work shares the server's cores and memory with every other request, so it is rationed in one place.
// Downloads drawn while they stream (Excel exports, label sheets, printed reports) take a slot for as long as
// their body streams: one per user and two across the server by default; one more is refused at once (429,
// "another export is running; try again when it finishes"), never queued behind a hanging request.
// Excel imports are jobs the browser polls, so they wait in line instead: at most a few are checked or
// written at once, and a waiting job shows how many are ahead of it.
import type { Config } from '../config'
import { AppError } from '../http/app-error'

type Release = () => void

/** Slots for downloads that stream: per user and overall; taking one over either cap is a 429. */
export class HeavySlots {
  private readonly byUser = new Map<string, number>()
  private total = 0

  constructor(
    readonly perUser: number,
    readonly overall: number,
  ) {}

  /** A slot for the user (its release is idempotent), or a 429 naming whose work is in the way. */
  take(userId: string): Release {
    const mine = this.byUser.get(userId) ?? 0
    if (mine >= this.perUser) throw new AppError(429, 'heavyJobYours')
    if (this.total >= this.overall) throw new AppError(429, 'heavyJobBusy')
    this.byUser.set(userId, mine + 1)
    this.total += 1
    let released = false
    return () => {
      if (released) return
      released = true
      this.total -= 1
      const left = (this.byUser.get(userId) ?? 1) - 1
      if (left > 0) this.byUser.set(userId, left)
      else this.byUser.delete(userId)
    }
  }

  get running(): number {
    return this.total
  }
}

/** A line of jobs: at most `limit` run at once, the others start in the order they came. */
export class WorkQueue {
  private active = 0
  private highest = 0
  private readonly waiting: { id: string; start: () => void }[] = []

  constructor(readonly limit: number) {}

  /** Run the work when a place is free. The job is in line as soon as this is called (no await first). */
  async run<T>(id: string, work: () => Promise<T>): Promise<T> {
    if (this.active < this.limit && this.waiting.length === 0) this.enter()
    else await new Promise<void>((start) => this.waiting.push({ id, start }))
    try {
      return await work()
    } finally {
      this.active -= 1
      const next = this.waiting.shift()
      if (next) {
        this.enter()
        next.start()
      }
    }
  }

  private enter() {
    this.active += 1
    this.highest = Math.max(this.highest, this.active)
  }

  /** Jobs ahead of this one (those running and those in line before it); 0 when it runs or is unknown. */
  ahead(id: string): number {
    const at = this.waiting.findIndex((w) => w.id === id)
    return at < 0 ? 0 : this.active + at
  }

  /** The most jobs that ever ran at once. */
  get peak(): number {
    return this.highest
  }
}

export interface HeavyWork {
  downloads: HeavySlots
  imports: WorkQueue
}

export function heavyWork(
  config: Pick<Config, 'heavyJobsPerUser' | 'heavyJobs' | 'importsAtOnce'>,
): HeavyWork {
  return {
    downloads: new HeavySlots(config.heavyJobsPerUser, config.heavyJobs),
    imports: new WorkQueue(config.importsAtOnce),
  }
}

/**
 * A heavy download: a slot is taken before anything is read (over the cap: 429), and given back when the
 * body has streamed to its end, failed, or the client went away; a refusal while preparing gives it back too.
 */
export async function heavyDownload(
  slots: HeavySlots,
  userId: string,
  produce: () => Promise<Response> | Response,
): Promise<Response> {
  const release = slots.take(userId)
  try {
    return holdWhileStreaming(await produce(), release)
  } catch (error) {
    release()
    throw error
  }
}

function holdWhileStreaming(response: Response, release: Release): Response {
  if (!response.body) {
    release()
    return response
  }
  const reader = response.body.getReader()
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await reader.read()
          if (next.done) {
            release()
            controller.close()
          } else controller.enqueue(next.value)
        } catch (error) {
          release()
          controller.error(error)
        }
      },
      async cancel(reason) {
        release()
        await reader.cancel(reason)
      },
    },
    { highWaterMark: 1 },
  )
  return new Response(body, { status: response.status, headers: response.headers })
}
