// A start screen of its own (the insurance types): the page title from the route, a line saying what the
// process is for, and the start form (StartProcess) with the artworks named by `?artworkId=` or
// `?artworkIds=` chosen, and a start input to begin from (a renewal's cover being renewed) when given.
import type { ReactNode } from 'react'
import type { ProcessType } from '../../../shared/process-types'
import { PageHeader } from '../../shell/PageHeader'
import { StartProcess } from './StartProcess'

export function StartScreen({
  type,
  artworkId,
  artworkIds,
  artworkLabels,
  input,
  description,
  above,
}: {
  type: ProcessType
  artworkId?: string
  artworkIds?: string[]
  /** Labels of those artworks the screen already has. */
  artworkLabels?: Record<string, string>
  /** Start input fields given (shown, not editable): the process a renewal renews. */
  input?: Record<string, unknown>
  description: ReactNode
  /** What the start is about, above the form (the policy being renewed). */
  above?: ReactNode
}) {
  const key = [artworkId ?? '', ...(artworkIds ?? []), JSON.stringify(input ?? {})].join(',')
  return (
    <>
      <PageHeader description={description} />
      {above}
      <StartProcess
        key={key}
        type={type}
        artworkId={artworkId}
        artworkIds={artworkIds}
        artworkLabels={artworkLabels}
        input={input}
      />
    </>
  )
}
