// /devOpsManage/resumeInsurance: start INSURANCE_RENEWAL (renew a policy); `?policyId=` (with
// `?previousProcessId=`) names the policy being renewed, whose artworks are then chosen; `?artworkId=` or
// `?artworkIds=` name artworks otherwise.
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { startPrivilegesOf } from '../../../../shared/access'
import { RenewStart } from '../../../areas/insurance/RenewStart'
import { validateStartSearch } from '../../../areas/process-start/start-search'

export const Route = createFileRoute('/_app/devOpsManage/resumeInsurance')({
  staticData: { title: msg`Renew a policy`, privilege: startPrivilegesOf('INSURANCE_RENEWAL') },
  validateSearch: validateStartSearch,
  component: function ResumeInsurance() {
    const search = Route.useSearch()
    return (
      <RenewStart
        search={search}
        description={
          <Trans>
            Renew a policy that is about to end (or decide to let it lapse): the decision, then the new policy
            and its premium.
          </Trans>
        }
      />
    )
  },
})
