// The video cover taken in the browser (docs/architecture.md § Screens and routes): the frame at 1 s (the end of a shorter clip), the video's
// own width and height, a JPEG; a video the browser cannot decode is refused.
import { describe, expect, it, vi } from 'vitest'
import {
  type CoverEnvironment,
  captureVideoCover,
  coverSize,
  coverTime,
} from '../../../src/web/forms/video-cover'

class FakeVideo extends EventTarget {
  muted = false
  playsInline = false
  preload = ''
  videoWidth = 0
  videoHeight = 0
  duration = 0
  seekedTo: number | null = null
  constructor(private readonly meta: { width: number; height: number; duration: number } | 'broken') {
    super()
  }
  set src(_url: string) {
    queueMicrotask(() => {
      if (this.meta === 'broken') return void this.dispatchEvent(new Event('error'))
      this.videoWidth = this.meta.width
      this.videoHeight = this.meta.height
      this.duration = this.meta.duration
      this.dispatchEvent(new Event('loadedmetadata'))
    })
  }
  set currentTime(t: number) {
    this.seekedTo = t
    queueMicrotask(() => this.dispatchEvent(new Event('seeked')))
  }
  removeAttribute() {}
}

function env(meta: ConstructorParameters<typeof FakeVideo>[0]) {
  const video = new FakeVideo(meta)
  const drawImage = vi.fn()
  const canvas = {
    width: 0,
    height: 0,
    getContext: () => ({ drawImage }),
    toDataURL: vi.fn(() => 'data:image/jpeg;base64,COVER'),
  }
  const revoked: string[] = []
  const environment: CoverEnvironment = {
    createVideo: () => video as unknown as HTMLVideoElement,
    createCanvas: () => canvas as unknown as HTMLCanvasElement,
    createObjectURL: () => 'blob:video',
    revokeObjectURL: (url) => revoked.push(url),
  }
  return { video, canvas, drawImage, revoked, environment }
}

describe('captureVideoCover', () => {
  it('takes the frame at 1 s with the video’s size', async () => {
    const e = env({ width: 1280, height: 720, duration: 12 })
    await expect(captureVideoCover(new Blob(['v']), e.environment)).resolves.toEqual({
      width: 1280,
      height: 720,
      cover: 'data:image/jpeg;base64,COVER',
    })
    expect(e.video.seekedTo).toBe(1)
    expect(e.video.muted).toBe(true)
    expect([e.canvas.width, e.canvas.height]).toEqual([1280, 720])
    expect(e.drawImage).toHaveBeenCalledWith(e.video, 0, 0, 1280, 720)
    expect(e.canvas.toDataURL).toHaveBeenCalledWith('image/jpeg', 0.85)
    expect(e.revoked).toEqual(['blob:video'])
  })

  it('takes the end of a clip shorter than a second and scales big frames down', async () => {
    expect(coverTime(0.6)).toBeCloseTo(0.55, 6)
    expect(coverTime(Number.NaN)).toBe(0)
    expect(coverSize(3840, 2160)).toEqual({ width: 1920, height: 1080 })
    const e = env({ width: 3840, height: 2160, duration: 0.6 })
    const cover = await captureVideoCover(new Blob(['v']), e.environment)
    expect(cover.width).toBe(3840)
    expect(e.video.seekedTo).toBeCloseTo(0.55, 6)
    expect([e.canvas.width, e.canvas.height]).toEqual([1920, 1080])
  })

  it('fails on a video the browser cannot decode, and frees the object URL', async () => {
    const e = env('broken')
    await expect(captureVideoCover(new Blob(['v']), e.environment)).rejects.toThrow(/cannot be decoded/)
    expect(e.revoked).toEqual(['blob:video'])
  })
})
