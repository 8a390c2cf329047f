// /devOpsManage/resumeInsurance: start INSURANCE_RENEWAL (renew a policy); `?artworkId=` names the artwork.
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { StartScreen } from '../../../areas/processes/StartScreen'
import { validateStartSearch } from '../../../areas/processes/start-search'

export const Route = createFileRoute('/_app/devOpsManage/resumeInsurance')({
  staticData: { title: msg`Renew a policy`, privilege: 'devOpsManage:start' },
  validateSearch: validateStartSearch,
  component: function ResumeInsurance() {
    const { artworkId } = Route.useSearch()
    return (
      <StartScreen
        type="INSURANCE_RENEWAL"
        artworkId={artworkId}
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
