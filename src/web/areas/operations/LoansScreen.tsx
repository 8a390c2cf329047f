// /devOpsManage/artLoanExhibition: exhibition loans by where they stand — upcoming (being agreed or on the
// way to the borrower), on loan (due back on the loan's end date; an overdue return is flagged in red),
// overdue, returned — with counts; a row opens the process view in place; Start opens a new loan.
import { Trans } from '@lingui/react/macro'
import { Badge, Skeleton, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { LoanItem, LoanShow } from '../../../shared/contracts/operations'
import { type LoanFilters, loansQuery } from '../../api/queries/operations'
import { formatDate } from '../../i18n/format'
import { PageHeader } from '../../shell/PageHeader'
import { useLang } from '../process/machine-words'
import { OpenProcess } from '../process/OpenProcess'
import type { ProcessOpenSearch } from '../process/process-search'
import { StatusBadge } from '../process/StatusBadge'
import type { StartSearch } from './op-search'
import { ArtworksCell, type Column, CountTabs, OpList, StartDrawer, useThumbs } from './parts'
import { PAGE_SIZE, StartButton } from './TypeListScreen'

export interface LoanSearch extends ProcessOpenSearch, StartSearch {
  show?: LoanShow
  page?: number
}

export const loanFilters = (search: LoanSearch): LoanFilters => ({
  show: search.show ?? 'onLoan',
  page: search.page ?? 1,
  pageSize: PAGE_SIZE,
})

const daysLate = (endDate: string) =>
  Math.floor((Date.now() - new Date(`${endDate}T00:00:00Z`).getTime()) / 86_400_000)

export function LoansScreen({
  search,
  onSearch,
}: {
  search: LoanSearch
  onSearch: (next: LoanSearch, options?: { replace?: boolean }) => void
}) {
  const lang = useLang()
  const { process, tab, start, ...rest } = search
  const show = search.show ?? 'onLoan'
  const loans = useQuery({ ...loansQuery(loanFilters(search)), enabled: !process })
  const links = useThumbs((loans.data?.list ?? []).flatMap((l) => l.artworks.slice(0, 1)))
  const counts = loans.data?.counts
  const columns: Column<LoanItem>[] = [
    {
      key: 'artworks',
      header: <Trans>Artworks concerned</Trans>,
      primary: true,
      miw: 220,
      cell: (l) => <ArtworksCell artworks={l.artworks} links={links} />,
    },
    {
      key: 'exhibition',
      header: <Trans>Exhibition</Trans>,
      miw: 200,
      cell: (l) => (
        <Stack gap={0}>
          <Text fz="sm">{l.exhibitionName || '—'}</Text>
          <Text fz="xs" c="dimmed">
            {[l.borrower, l.venue !== l.borrower ? l.venue : ''].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'period',
      header: <Trans>Loan period</Trans>,
      cell: (l) => (l.startDate ? `${formatDate(l.startDate, lang)} – ${formatDate(l.endDate, lang)}` : '—'),
    },
    {
      key: 'due',
      header: <Trans>Due back</Trans>,
      cell: (l) =>
        l.returnedOn ? (
          <Trans>Returned {formatDate(l.returnedOn, lang)}</Trans>
        ) : l.overdue && l.endDate ? (
          <Badge color="red" variant="filled" data-testid="loan-overdue">
            <Trans>Overdue by {daysLate(l.endDate)} days</Trans>
          </Badge>
        ) : (
          formatDate(l.endDate, lang) || '—'
        ),
    },
    {
      key: 'status',
      header: <Trans>Status</Trans>,
      miw: 120,
      cell: (l) => <StatusBadge status={l.process.status} />,
    },
  ]
  return (
    <OpenProcess process={process} tab={tab} onNavigate={(next) => onSearch({ ...rest, ...next })}>
      <PageHeader
        description={
          <Trans>
            Artworks lent to exhibitions: loans being agreed or on their way, on loan with the date they are
            due back, overdue returns, and loans returned.
          </Trans>
        }
        actions={
          <StartButton type="OPERATION_LOAN_EXHIBITION_ART" onStart={() => onSearch({ ...rest, start: 1 })}>
            <Trans>Start a loan</Trans>
          </StartButton>
        }
      />
      <StartDrawer
        type="OPERATION_LOAN_EXHIBITION_ART"
        open={start === 1}
        artworkId={search.artworkId}
        onClose={() => onSearch({ ...rest, start: undefined })}
      />
      <Stack gap="md">
        <CountTabs<LoanShow>
          testId="loan-tabs"
          value={show}
          onChange={(v) =>
            onSearch({ ...rest, show: v === 'onLoan' ? undefined : v, page: undefined }, { replace: true })
          }
          tabs={[
            { value: 'upcoming', label: <Trans>Upcoming</Trans>, count: counts?.upcoming },
            { value: 'onLoan', label: <Trans>On loan</Trans>, count: counts?.onLoan },
            { value: 'overdue', label: <Trans>Overdue</Trans>, count: counts?.overdue },
            { value: 'returned', label: <Trans>Returned</Trans>, count: counts?.returned },
          ]}
        />
        {loans.data ? (
          <OpList
            testId="loan-list"
            rows={loans.data.list}
            rowKey={(l) => l.process.id}
            columns={columns}
            onOpen={(l) => onSearch({ ...rest, process: l.process.id })}
            total={loans.data.total}
            page={search.page ?? 1}
            pageSize={PAGE_SIZE}
            onPage={(p) => onSearch({ ...rest, page: p > 1 ? p : undefined })}
            empty={
              show === 'overdue' ? (
                <Trans>No loan is overdue.</Trans>
              ) : show === 'onLoan' ? (
                <Trans>No artwork is on loan.</Trans>
              ) : show === 'upcoming' ? (
                <Trans>No loan is being prepared.</Trans>
              ) : (
                <Trans>No loan has been returned yet.</Trans>
              )
            }
          />
        ) : (
          <Skeleton h={240} radius="md" />
        )}
      </Stack>
    </OpenProcess>
  )
}
