// /devOpsManage/payoutInsurance: the claims (INSURANCE_PAYOUT) — under way, paid out, closed without a
// payout — with the incident date, the amounts claimed and paid in their currency and where each stands; a
// row opens its process in place; "New claim" starts one.
import { Trans } from '@lingui/react/macro'
import { Button, Skeleton, Stack } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { mayStartType } from '../../../shared/access'
import type { ClaimShow } from '../../../shared/contracts/insurance'
import { claimsQuery } from '../../api/queries/insurance'
import { useMe } from '../../session/use-session'
import { PageHeader } from '../../shell/PageHeader'
import { CountTabs, OpList } from '../operations/parts'
import { OpenProcess } from '../process/OpenProcess'
import { type ClaimsSearch, claimFilters, PAGE_SIZE } from './insurance-search'
import { useClaimColumns } from './PolicyScreen'

type Show = ClaimShow | 'all'

export function ClaimsScreen({
  search,
  onSearch,
}: {
  search: ClaimsSearch
  onSearch: (next: ClaimsSearch, options?: { replace?: boolean }) => void
}) {
  const navigate = useNavigate()
  const me = useMe()
  const { process, tab, ...rest } = search
  const claims = useQuery({ ...claimsQuery(claimFilters(search)), enabled: !process })
  const columns = useClaimColumns((id) => onSearch({ ...rest, process: id }))
  const counts = claims.data?.counts
  const show: Show = search.status ?? 'all'
  return (
    <OpenProcess process={process} tab={tab} onNavigate={(next) => onSearch({ ...rest, ...next })}>
      <PageHeader
        description={
          <Trans>
            Claims made under the policies: the incident, the amount claimed from the insurer and the payout
            received, each in its currency.
          </Trans>
        }
        actions={
          mayStartType(me, 'INSURANCE_PAYOUT') ? (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => void navigate({ to: '/devOpsManage/createPayoutInsurance' })}
              data-testid="new-claim"
            >
              <Trans>New claim</Trans>
            </Button>
          ) : null
        }
      />
      <Stack gap="md">
        <CountTabs<Show>
          testId="claim-tabs"
          value={show}
          onChange={(v) =>
            onSearch({ ...rest, status: v === 'all' ? undefined : v, page: undefined }, { replace: true })
          }
          tabs={[
            {
              value: 'all',
              label: <Trans>All</Trans>,
              count: counts ? counts.open + counts.paid + counts.closed : undefined,
            },
            { value: 'open', label: <Trans>Under way</Trans>, count: counts?.open },
            { value: 'paid', label: <Trans>Paid out</Trans>, count: counts?.paid },
            { value: 'closed', label: <Trans>Closed</Trans>, count: counts?.closed },
          ]}
        />
        {claims.data ? (
          <OpList
            testId="claim-list"
            rows={claims.data.list}
            rowKey={(c) => c.process.id}
            columns={columns}
            onOpen={(c) => onSearch({ ...rest, process: c.process.id })}
            total={claims.data.total}
            page={search.page ?? 1}
            pageSize={PAGE_SIZE}
            onPage={(p) => onSearch({ ...rest, page: p > 1 ? p : undefined })}
            empty={<Trans>No claim here.</Trans>}
          />
        ) : (
          <Skeleton h={240} radius="md" />
        )}
      </Stack>
    </OpenProcess>
  )
}
