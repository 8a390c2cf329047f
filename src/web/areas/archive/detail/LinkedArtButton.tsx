// The artwork as Linked Art (JSON-LD, the museum community's linked-data model; docs/standards.md), saved as
// a .jsonld file: the API asks for the signed-in user's token, so the document is fetched and handed to the
// browser's download rather than linked.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { STANDARDS_API } from '../../../../shared/contracts/standards'
import { IconXml } from '../archive-icons'
import { downloadFromApi } from '../download'

export function LinkedArtButton({ artworkId, inventoryNo }: { artworkId: string; inventoryNo: string }) {
  const { t } = useLingui()
  const saving = useMutation({
    mutationFn: () => downloadFromApi(STANDARDS_API.linkedArt(artworkId), undefined, `${inventoryNo}.jsonld`),
  })
  return (
    <Button
      variant="default"
      leftSection={<IconXml size={16} />}
      loading={saving.isPending}
      onClick={() => saving.mutate()}
      data-testid="linked-art"
      title={t`The artwork as Linked Art (JSON-LD), for other collection systems`}
    >
      <Trans>Linked Art</Trans>
    </Button>
  )
}
