// What the export and import commands share: a refusal on the terminal, and progress on one line.

export function exitWith(message: string): never {
  console.error(message)
  process.exit(1)
}

/** Progress printed at most once a second, on one line of a terminal. */
export function progressPrinter(label: string) {
  let last = 0
  return (progress: { done: number; total: number; phase?: string }) => {
    const now = Date.now()
    if (now - last < 1000 && progress.done < progress.total) return
    last = now
    const percent = progress.total > 0 ? Math.floor((progress.done * 100) / progress.total) : 0
    const phase = progress.phase ? ` ${progress.phase}` : ''
    process.stdout.write(`\r${label}${phase}: ${progress.done} of ${progress.total} (${percent} %)   `)
  }
}
