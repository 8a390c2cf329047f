// /devOpsManage/artLoanExhibition: exhibition loans — upcoming, on loan (overdue returns flagged), overdue,
// returned — with counts; a row opens the process view (`?process=<id>`), Start a new loan (`?start=1`).
import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { LOAN_SHOWS } from '../../../../shared/constants'
import { loansQuery } from '../../../api/queries/operations'
import { type LoanSearch, LoansScreen, loanFilters } from '../../../areas/operations/LoansScreen'
import { clean, oneOf, pageParam, validateStartSearch } from '../../../areas/operations/op-search'
import { validateProcessOpenSearch } from '../../../areas/process/process-search'

export const Route = createFileRoute('/_app/devOpsManage/artLoanExhibition')({
  staticData: { title: msg`Exhibition loans`, privilege: 'devOpsManage:view' },
  validateSearch: (search: Record<string, unknown>): LoanSearch =>
    clean({
      ...validateProcessOpenSearch(search),
      ...validateStartSearch(search),
      show: oneOf(LOAN_SHOWS, search.show),
      page: pageParam(search.page),
    }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (!deps.process) void context.queryClient.prefetchQuery(loansQuery(loanFilters(deps)))
  },
  component: function ArtLoanExhibitionRoute() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <LoansScreen
        search={search}
        onSearch={(next, o) => void navigate({ search: next, replace: o?.replace, resetScroll: false })}
      />
    )
  },
})
