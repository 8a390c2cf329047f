// /devOpsManage/createAnnualInsurance: start INSURANCE_ANNUAL (insure the collection for a year); `?artworkId=` or `?artworkIds=` names the artworks.
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { startPrivilegesOf } from '../../../../shared/access'
import { StartScreen } from '../../../areas/process-start/StartScreen'
import { validateStartSearch } from '../../../areas/process-start/start-search'

export const Route = createFileRoute('/_app/devOpsManage/createAnnualInsurance')({
  staticData: { title: msg`New annual insurance`, privilege: startPrivilegesOf('INSURANCE_ANNUAL') },
  validateSearch: validateStartSearch,
  component: function CreateAnnualInsurance() {
    const { artworkId, artworkIds } = Route.useSearch()
    return (
      <StartScreen
        type="INSURANCE_ANNUAL"
        artworkId={artworkId}
        artworkIds={artworkIds}
        description={
          <Trans>
            Insure artworks of the collection for a year: the quotation comes first, then the policy and its
            premium.
          </Trans>
        }
      />
    )
  },
})
