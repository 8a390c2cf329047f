// /devOpsManage/createPayoutInsurance: start INSURANCE_PAYOUT (claim under a policy); `?artworkId=` or `?artworkIds=` names the artworks.
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { startPrivilegesOf } from '../../../../shared/access'
import { StartScreen } from '../../../areas/process-start/StartScreen'
import { validateStartSearch } from '../../../areas/process-start/start-search'

export const Route = createFileRoute('/_app/devOpsManage/createPayoutInsurance')({
  staticData: { title: msg`New claim`, privilege: startPrivilegesOf('INSURANCE_PAYOUT') },
  validateSearch: validateStartSearch,
  component: function CreatePayoutInsurance() {
    const { artworkId, artworkIds } = Route.useSearch()
    return (
      <StartScreen
        type="INSURANCE_PAYOUT"
        artworkId={artworkId}
        artworkIds={artworkIds}
        description={
          <Trans>
            Claim for damage to or loss of insured artworks: the incident, the claim, then the payout.
          </Trans>
        }
      />
    )
  },
})
