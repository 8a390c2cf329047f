// A start screen of its own (the insurance types): the page title from the route, a line saying what the
// process is for, and the start form (StartProcess) with the artwork named by `?artworkId=`.
import type { ReactNode } from 'react'
import type { ProcessType } from '../../../shared/process-types'
import { PageHeader } from '../../shell/PageHeader'
import { StartProcess } from './StartProcess'

export function StartScreen({
  type,
  artworkId,
  description,
}: {
  type: ProcessType
  artworkId?: string
  description: ReactNode
}) {
  return (
    <>
      <PageHeader description={description} />
      <StartProcess key={artworkId ?? ''} type={type} artworkId={artworkId} />
    </>
  )
}
