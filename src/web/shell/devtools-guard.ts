// docs/architecture.md § Page-wide behaviours: outside development the context menu, F12, Ctrl+S, Ctrl+U and Ctrl+Shift+I are blocked (a
// deterrent, not a security boundary). A production build made with VITE_BLOCK_DEVTOOLS=0 leaves them alone.
export function devtoolsBlockingEnabled(env: { PROD: boolean; VITE_BLOCK_DEVTOOLS?: string }): boolean {
  return env.PROD && env.VITE_BLOCK_DEVTOOLS !== '0'
}

/** Is this key press one of the blocked shortcuts? (Cmd counts as Ctrl on macOS.) */
export function isBlockedShortcut(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey'>,
): boolean {
  const key = event.key.toLowerCase()
  if (key === 'f12') return true
  const ctrl = event.ctrlKey || event.metaKey
  if (!ctrl) return false
  if (event.shiftKey) return key === 'i'
  return key === 's' || key === 'u'
}

export function installDevtoolsGuard(target: Window = window): () => void {
  const onContextMenu = (event: Event) => event.preventDefault()
  const onKeyDown = (event: KeyboardEvent) => {
    if (isBlockedShortcut(event)) {
      event.preventDefault()
      event.stopPropagation()
    }
  }
  target.addEventListener('contextmenu', onContextMenu, true)
  target.addEventListener('keydown', onKeyDown, true)
  return () => {
    target.removeEventListener('contextmenu', onContextMenu, true)
    target.removeEventListener('keydown', onKeyDown, true)
  }
}
