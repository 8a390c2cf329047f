// The operations' step forms (OPERATION_TRANS_ART, _SHOT_, _REPLICA_, _MOUNT_, _REPAIR_,
// _LOAN_EXHIBITION_, _SELL_ART), by type and step key, and the forms of their own events (RETURN).
// A step that moves artworks uses the transport form of BUY_ART_TRANS; the sale's contract is the
// purchase's contract form; formless steps (a transport under way, a loan waiting for its return) have no
// line here: the step panel shows what they wait for and their events.
import type { ProcessType } from '../../../../../shared/process-types'
import type { StepFormSpec } from '../../field-spec'
import { transportForm, workshopTransportForm } from '../transport'
import { loanForm, loanReturnForm, loanTransportForm } from './loan'
import { mountingDeliveryForm, mountingInfoForm } from './mounting'
import { repairDeliveryForm, repairInfoForm } from './repair'
import { replicaDeliveryForm, replicaInfoForm, replicationForm } from './replica'
import { marketSurveyForm, saleCollectionForm, saleContractForm } from './sale'
import { shootingDeliveryForm, shootingForm, shootingInfoForm } from './shooting'

export const OPERATION_STEP_FORMS: Partial<Record<ProcessType, Record<string, StepFormSpec>>> = {
  OPERATION_TRANS_ART: { transportInfo: transportForm },
  OPERATION_SHOT_ART: {
    shootingInfo: shootingInfoForm,
    shooting: shootingForm,
    delivery: shootingDeliveryForm,
  },
  OPERATION_REPLICA_ART: {
    replicaInfo: replicaInfoForm,
    replication: replicationForm,
    delivery: replicaDeliveryForm,
  },
  OPERATION_MOUNT_ART: {
    mountingInfo: mountingInfoForm,
    artworkTransport: workshopTransportForm('mountingInfo'),
    delivery: mountingDeliveryForm,
  },
  OPERATION_REPAIR_ART: {
    repairInfo: repairInfoForm,
    artworkTransport: workshopTransportForm('repairInfo'),
    delivery: repairDeliveryForm,
  },
  OPERATION_LOAN_EXHIBITION_ART: { loan: loanForm, artworkTransport: loanTransportForm },
  OPERATION_SELL_ART: {
    marketSurvey: marketSurveyForm,
    contract: saleContractForm,
    collection: saleCollectionForm,
  },
}

export const OPERATION_EVENT_FORMS: Record<string, StepFormSpec> = { RETURN: loanReturnForm }
