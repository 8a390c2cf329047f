// A release as the log, the managers' list and the "what's new" notice show it: its number, date and notes
// (plain text, one point a line, kept as written).
import { Trans } from '@lingui/react/macro'
import { Badge, Group, Stack, Text, Title } from '@mantine/core'
import type { ReleaseView } from '../../../shared/contracts/releases'
import { formatDate } from '../../i18n/format'
import { useLang } from '../process/machine-words'

export function ReleaseNotes({ notes }: { notes: string }) {
  return (
    <Text fz="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="release-notes">
      {notes}
    </Text>
  )
}

export function ReleaseHeadline({ release, order = 2 }: { release: ReleaseView; order?: 2 | 3 }) {
  const lang = useLang()
  return (
    <Group gap="sm" wrap="wrap" align="baseline">
      <Title order={order} fz={order === 2 ? 18 : 16} data-raw>
        {release.number}
      </Title>
      <Text fz="sm" c="dimmed">
        {formatDate(release.releasedOn, lang)}
      </Text>
      {release.status === 'draft' ? (
        <Badge variant="light" color="gray" radius="sm">
          <Trans>Draft</Trans>
        </Badge>
      ) : null}
    </Group>
  )
}

export function ReleaseBlock({ release }: { release: ReleaseView }) {
  return (
    <Stack gap={6} data-release={release.number}>
      <ReleaseHeadline release={release} />
      <ReleaseNotes notes={release.notes} />
    </Stack>
  )
}
