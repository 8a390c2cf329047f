// What shows while a screen's code or first data loads for longer than a moment.
import { Center, Loader } from '@mantine/core'

export function PendingScreen() {
  return (
    <Center mih={240} data-testid="pending">
      <Loader size="sm" />
    </Center>
  )
}
