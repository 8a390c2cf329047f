// /devOpsManage/createPayoutInsurance: start INSURANCE_PAYOUT (claim under a policy); `?artworkId=` names the artwork.
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { StartScreen } from '../../../areas/processes/StartScreen'
import { validateStartSearch } from '../../../areas/processes/start-search'

export const Route = createFileRoute('/_app/devOpsManage/createPayoutInsurance')({
  staticData: { title: msg`New claim`, privilege: 'devOpsManage:start' },
  validateSearch: validateStartSearch,
  component: function CreatePayoutInsurance() {
    const { artworkId } = Route.useSearch()
    return (
      <StartScreen
        type="INSURANCE_PAYOUT"
        artworkId={artworkId}
        description={
          <Trans>
            Claim for damage to or loss of insured artworks: the incident, the claim, then the payout.
          </Trans>
        }
      />
    )
  },
})
