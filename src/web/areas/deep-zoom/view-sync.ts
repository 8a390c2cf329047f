// Two or more deep-zoom viewers moving together: the one a person last used leads, and on each frame its
// zoom and centre are given to the others at once (the same zoom: the same share of each image's width
// across the screen). Only the leader speaks, so a follower's own change never comes back to stop the
// leader's animation.
import type OpenSeadragon from 'openseadragon'

/** The events that mean a person is using this viewer. */
const USED = ['canvas-press', 'canvas-scroll', 'canvas-drag', 'canvas-key', 'canvas-focus'] as const

export class ViewSync {
  private readonly viewers = new Set<OpenSeadragon.Viewer>()
  private leader: OpenSeadragon.Viewer | null = null

  /** Join a viewer; the returned function leaves. */
  join(viewer: OpenSeadragon.Viewer): () => void {
    this.viewers.add(viewer)
    const lead = () => this.lead(viewer)
    const follow = () => this.follow(viewer)
    for (const name of USED) viewer.addHandler(name, lead)
    // Every frame, and once more when the leader's animation ends, so the last frame is never missed.
    viewer.addHandler('viewport-change', follow)
    viewer.addHandler('animation-finish', follow)
    return () => {
      for (const name of USED) viewer.removeHandler(name, lead)
      viewer.removeHandler('viewport-change', follow)
      viewer.removeHandler('animation-finish', follow)
      this.viewers.delete(viewer)
      if (this.leader === viewer) this.leader = null
    }
  }

  /** This viewer leads from now on (a press, a wheel, a key, or one of its buttons). */
  lead(viewer: OpenSeadragon.Viewer): void {
    this.leader = viewer
  }

  private follow(viewer: OpenSeadragon.Viewer): void {
    if (viewer !== this.leader) return
    const zoom = viewer.viewport.getZoom(true)
    const centre = viewer.viewport.getCenter(true)
    for (const other of this.viewers) {
      if (other === viewer || other.world.getItemCount() === 0) continue
      other.viewport.zoomTo(zoom, undefined, true)
      other.viewport.panTo(centre, true)
    }
  }
}
