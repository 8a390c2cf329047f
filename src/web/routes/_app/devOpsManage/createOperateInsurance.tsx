// /devOpsManage/createOperateInsurance: start INSURANCE_OPERATION (insure one operation); `?artworkId=` or `?artworkIds=` names the artworks.
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { startPrivilegesOf } from '../../../../shared/access'
import { StartScreen } from '../../../areas/process-start/StartScreen'
import { validateStartSearch } from '../../../areas/process-start/start-search'

export const Route = createFileRoute('/_app/devOpsManage/createOperateInsurance')({
  staticData: { title: msg`New operation insurance`, privilege: startPrivilegesOf('INSURANCE_OPERATION') },
  validateSearch: validateStartSearch,
  component: function CreateOperateInsurance() {
    const { artworkId, artworkIds } = Route.useSearch()
    return (
      <StartScreen
        type="INSURANCE_OPERATION"
        artworkId={artworkId}
        artworkIds={artworkIds}
        description={
          <Trans>
            Insure the artworks of one transport, loan or other operation, for its period: the quotation, the
            policy, the premium.
          </Trans>
        }
      />
    )
  },
})
