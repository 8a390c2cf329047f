// Stored files by name, each opening its preview (records of submitted steps, the history's attachments).
import { Anchor, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { storedFilesQuery } from '../../forms/FileListUpload'
import { openPreview } from '../../forms/FileUpload'

export function FileNames({ ids }: { ids: string[] }) {
  const { data } = useQuery({ ...storedFilesQuery(ids), enabled: ids.length > 0 })
  if (ids.length === 0) return <Text c="dimmed">—</Text>
  return (
    <Stack gap={2} data-testid="file-names">
      {(data ?? []).map((f) => (
        <Anchor
          key={f.id}
          component="button"
          type="button"
          fz="sm"
          ta="left"
          onClick={() => void openPreview(f)}
        >
          {f.name}
        </Anchor>
      ))}
    </Stack>
  )
}
