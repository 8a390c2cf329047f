// The cover of a video, taken in the browser at 1 s (docs/architecture.md § Screens and routes): the file plays in a hidden <video>, the frame
// at 1 s (or the last frame of a shorter clip) is drawn on a canvas and kept as a JPEG; the video's own
// width and height go with it. The upload sends all three (files contract: width, height, cover).
export const COVER_AT_SECONDS = 1
/** Covers wider than this are scaled down (the server keeps them under 5 MB). */
export const COVER_MAX_WIDTH = 1920

export interface VideoCover {
  width: number
  height: number
  /** data:image/jpeg;base64,… */
  cover: string
}

export interface CoverEnvironment {
  createVideo(): HTMLVideoElement
  createCanvas(): HTMLCanvasElement
  createObjectURL(file: Blob): string
  revokeObjectURL(url: string): void
}

const browser: CoverEnvironment = {
  createVideo: () => document.createElement('video'),
  createCanvas: () => document.createElement('canvas'),
  createObjectURL: (file) => URL.createObjectURL(file),
  revokeObjectURL: (url) => URL.revokeObjectURL(url),
}

function once(target: EventTarget, ok: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`no ${ok} within ${timeoutMs} ms`)), timeoutMs)
    const onOk = () => done()
    const onError = () => done(new Error('the video cannot be decoded'))
    function done(error?: Error) {
      clearTimeout(timer)
      target.removeEventListener(ok, onOk)
      target.removeEventListener('error', onError)
      if (error) reject(error)
      else resolve()
    }
    target.addEventListener(ok, onOk)
    target.addEventListener('error', onError)
  })
}

/** Where to take the frame: 1 s, or just before the end of a clip shorter than that. */
export function coverTime(duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return 0
  return duration > COVER_AT_SECONDS ? COVER_AT_SECONDS : Math.max(0, duration - 0.05)
}

export function coverSize(width: number, height: number): { width: number; height: number } {
  if (width <= COVER_MAX_WIDTH) return { width, height }
  return { width: COVER_MAX_WIDTH, height: Math.round((height * COVER_MAX_WIDTH) / width) }
}

export async function captureVideoCover(
  file: Blob,
  env: CoverEnvironment = browser,
  timeoutMs = 15_000,
): Promise<VideoCover> {
  const url = env.createObjectURL(file)
  const video = env.createVideo()
  try {
    video.muted = true
    video.playsInline = true
    video.preload = 'auto'
    const metadata = once(video, 'loadedmetadata', timeoutMs)
    video.src = url
    await metadata
    const width = video.videoWidth
    const height = video.videoHeight
    if (!width || !height) throw new Error('the video has no picture')
    const seeked = once(video, 'seeked', timeoutMs)
    video.currentTime = coverTime(video.duration)
    await seeked
    const size = coverSize(width, height)
    const canvas = env.createCanvas()
    canvas.width = size.width
    canvas.height = size.height
    const context = canvas.getContext('2d')
    if (!context) throw new Error('no canvas')
    context.drawImage(video, 0, 0, size.width, size.height)
    return { width, height, cover: canvas.toDataURL('image/jpeg', 0.85) }
  } finally {
    video.removeAttribute('src')
    env.revokeObjectURL(url)
  }
}
