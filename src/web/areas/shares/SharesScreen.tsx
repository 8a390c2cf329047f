// Shares (/artworkArchive/shares): one's share links (an administrator's: everyone's), newest first — for
// whom, how many works, until when, whether it works now, how often it was opened — with each link's
// openings (when, from which address, which browser) and revoking a link.
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Pagination,
  ScrollArea,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { ShareState, ShareView } from '../../../shared/contracts/shares'
import {
  revokeShare,
  SHARES_PAGE_SIZE,
  sharesKeys,
  sharesQuery,
  shareViewsQuery,
} from '../../api/queries/shares'
import { ConfirmModal } from '../../forms/ConfirmModal'
import { formatDateTime } from '../../i18n/format'
import { PageHeader } from '../../shell/PageHeader'
import { useLang } from '../process/machine-words'

function StateBadge({ state }: { state: ShareState }) {
  const { t } = useLingui()
  const words: Record<ShareState, [string, string]> = {
    active: [t`In force`, 'teal'],
    expired: [t`Expired`, 'gray'],
    revoked: [t`Revoked`, 'red'],
    suspended: [t`Suspended: its creator may no longer share`, 'orange'],
  }
  const [label, color] = words[state]
  return (
    <Badge variant="light" color={color} radius="sm" data-testid="share-state">
      {label}
    </Badge>
  )
}

export function SharesScreen() {
  const { t } = useLingui()
  const lang = useLang()
  const [page, setPage] = useState(1)
  const [revoking, setRevoking] = useState<ShareView | null>(null)
  const [viewing, setViewing] = useState<ShareView | null>(null)
  const list = useQuery(sharesQuery(page))
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / SHARES_PAGE_SIZE))
  return (
    <>
      <PageHeader
        description={
          <Trans>
            Links to chosen artworks for someone without an account. Make one from a selection in the archive.
          </Trans>
        }
      />
      {list.isPending ? (
        <Loader size="sm" aria-label={t`Loading`} />
      ) : list.isError ? (
        <Text c="dimmed" fz="sm">
          <Trans>The shares could not be loaded. It will be tried again shortly.</Trans>
        </Text>
      ) : list.data.list.length === 0 ? (
        <Text c="dimmed" fz="sm" data-testid="shares-empty">
          <Trans>No share links yet. Choose artworks in the archive and press Share.</Trans>
        </Text>
      ) : (
        <Stack gap="sm">
          <ScrollArea type="auto">
            <Table striped highlightOnHover miw={760} data-testid="shares-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t`Recipient`}</Table.Th>
                  <Table.Th>{t`Artworks`}</Table.Th>
                  <Table.Th>{t`Made by`}</Table.Th>
                  <Table.Th>{t`Expires`}</Table.Th>
                  <Table.Th>{t`State`}</Table.Th>
                  <Table.Th>{t`Opened`}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t`Actions`}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.list.map((s) => (
                  <Table.Tr key={s.id} data-testid="share-row">
                    <Table.Td>
                      <Text fz="sm" fw={500}>
                        {s.recipient}
                      </Text>
                      {s.note ? (
                        <Text fz="xs" c="dimmed" lineClamp={1}>
                          {s.note}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{s.artworkCount}</Table.Td>
                    <Table.Td>{s.createdByName}</Table.Td>
                    <Table.Td>{formatDateTime(s.expiresAt, lang)}</Table.Td>
                    <Table.Td>
                      <StateBadge state={s.state} />
                    </Table.Td>
                    <Table.Td>
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        onClick={() => setViewing(s)}
                        data-testid="share-views"
                        aria-label={t`Openings of the link for ${s.recipient}: ${s.viewCount}`}
                      >
                        {s.viewCount}
                      </Button>
                    </Table.Td>
                    <Table.Td>
                      {s.revokedAt === null ? (
                        <Button
                          size="compact-sm"
                          variant="light"
                          color="red"
                          onClick={() => setRevoking(s)}
                          data-testid="share-revoke"
                        >
                          <Trans>Revoke</Trans>
                        </Button>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {pages > 1 ? (
            <Group justify="flex-end">
              <Pagination total={pages} value={page} onChange={setPage} withEdges />
            </Group>
          ) : null}
        </Stack>
      )}
      <ConfirmModal
        subject={revoking}
        title={() => t`Revoke this link?`}
        effect={(s) => (
          <Trans>
            The link for {s.recipient} stops working at once: whoever opens it is told it cannot be opened. A
            revoked link cannot be put back; a new one can be made.
          </Trans>
        )}
        confirm={() => ({ label: <Trans>Revoke</Trans>, color: 'red' })}
        send={(s) => revokeShare(s.id)}
        done={() => t`The link was revoked`}
        invalidate={sharesKeys.all}
        testId="share-revoke-confirm"
        onClose={() => setRevoking(null)}
      />
      <Modal
        opened={viewing !== null}
        onClose={() => setViewing(null)}
        title={viewing ? t`Openings of the link for ${viewing.recipient}` : ''}
        size="xl"
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        {viewing ? <ViewsList id={viewing.id} /> : null}
      </Modal>
    </>
  )
}

function ViewsList({ id }: { id: string }) {
  const { t } = useLingui()
  const lang = useLang()
  const views = useQuery(shareViewsQuery(id))
  if (views.isPending) return <Loader size="sm" aria-label={t`Loading`} />
  if (views.isError)
    return (
      <Text c="dimmed" fz="sm">
        <Trans>The openings could not be loaded.</Trans>
      </Text>
    )
  if (views.data.list.length === 0)
    return (
      <Text c="dimmed" fz="sm" data-testid="share-views-empty">
        <Trans>Nobody has opened this link yet.</Trans>
      </Text>
    )
  return (
    <ScrollArea type="auto">
      <Table miw={560} data-testid="share-views-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`When`}</Table.Th>
            <Table.Th>{t`Address`}</Table.Th>
            <Table.Th>{t`Browser`}</Table.Th>
            <Table.Th>{t`Result`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {views.data.list.map((v) => (
            <Table.Tr key={v.id}>
              <Table.Td>{formatDateTime(v.at, lang)}</Table.Td>
              <Table.Td>{v.address ?? t`Unknown`}</Table.Td>
              <Table.Td>
                <Text fz="xs" lineClamp={2}>
                  {v.userAgent ?? t`Unknown`}
                </Text>
              </Table.Td>
              <Table.Td>{v.granted ? t`Shown` : t`Refused: password missing or wrong`}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  )
}
