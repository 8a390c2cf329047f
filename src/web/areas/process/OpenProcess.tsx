// A list screen that opens the process view in place when its URL names a process (`?process=<id>`, kept
// bookmarkable, `&tab=` for the tab), with the way back to the list as it was filtered.
import { Trans } from '@lingui/react/macro'
import { Anchor, Group } from '@mantine/core'
import type { ReactNode } from 'react'
import { ProcessView } from './ProcessView'
import type { ProcessTab } from './process-search'

export function OpenProcess({
  process,
  tab,
  onNavigate,
  children,
}: {
  process?: string
  tab?: ProcessTab
  /** Change the search parameters `process` and `tab` (undefined removes them). */
  onNavigate: (next: { process?: string; tab?: ProcessTab }) => void
  children: ReactNode
}) {
  if (!process) return <>{children}</>
  return (
    <ProcessView
      id={process}
      tab={tab ?? 'steps'}
      onTab={(next) => onNavigate({ process, tab: next === 'steps' ? undefined : next })}
      back={
        <Group>
          <Anchor
            component="button"
            type="button"
            fz="sm"
            onClick={() => onNavigate({})}
            data-testid="back-to-list"
          >
            ← <Trans>Back to the list</Trans>
          </Anchor>
        </Group>
      }
    />
  )
}
