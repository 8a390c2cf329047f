// The deep-zoom view as the screens use it: DeepZoom.tsx and OpenSeadragon are fetched when the first
// viewer opens (a chunk of their own), with a loader in their place meanwhile.
import { useLingui } from '@lingui/react/macro'
import { Center, Loader } from '@mantine/core'
import { lazy, Suspense } from 'react'
import type { DeepZoomProps } from './DeepZoom'

const DeepZoomView = lazy(() => import('./DeepZoom'))

export function DeepZoom(props: DeepZoomProps) {
  const { t } = useLingui()
  return (
    <Suspense
      fallback={
        <Center h={props.height ?? '70vh'}>
          <Loader aria-label={t`Loading the image`} />
        </Center>
      }
    >
      <DeepZoomView {...props} />
    </Suspense>
  )
}
