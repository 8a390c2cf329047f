// /storageRoom/InventoryInformation: start a stocktake of a warehouse room (INVENTORY_CHECK), above the
// stocktakes so far, newest first (a row opens the process view). Starting needs the start privilege.
import { Trans } from '@lingui/react/macro'
import { Stack, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { processListQuery } from '../../api/queries/process'
import { useMe } from '../../session/use-session'
import { PageHeader } from '../../shell/PageHeader'
import { hasPrivilege } from '../../shell/route-meta'
import { ProcessTable } from '../process/ProcessTable'
import { StartProcess } from './StartProcess'

const PAGE_SIZE = 10

export function StocktakeScreen() {
  const me = useMe()
  const navigate = useNavigate()
  const [page, setPage] = useState(1)
  const list = useQuery(processListQuery({ type: 'INVENTORY_CHECK', page, pageSize: PAGE_SIZE }))
  return (
    <>
      <PageHeader
        description={
          <Trans>
            Count a warehouse room against the archive: the artworks found, the ones missing, and how the
            differences were resolved.
          </Trans>
        }
      />
      <Stack gap="lg">
        {hasPrivilege(me, 'devOpsManage:start') ? <StartProcess type="INVENTORY_CHECK" /> : null}
        <Stack gap="sm" data-testid="stocktakes">
          <Title order={2} fz={18}>
            <Trans>Stocktakes</Trans>
          </Title>
          <ProcessTable
            list={list.data?.list ?? []}
            total={list.data?.total ?? 0}
            page={page}
            pageSize={PAGE_SIZE}
            onPage={setPage}
            onOpen={(id) => void navigate({ to: '/devOpsManage/index', search: { process: id } })}
            showType={false}
            empty={<Trans>No stocktake yet.</Trans>}
          />
        </Stack>
      </Stack>
    </>
  )
}
