import { CAMPAIGN_MAX_ATHLETES } from '@huddle/domain';
import { Button, Modal } from '@huddle/ui';

export interface CreateCampaignModalProps {
  open: boolean;
  onClose: () => void;
  /** Opens the campaign form (/request-form/b/endorsement_campaign). */
  onContinue: () => void;
}

/** The steps a campaign takes, as the modal explains them. */
export const CAMPAIGN_STEPS = [
  `Pick the athletes, up to ${CAMPAIGN_MAX_ATHLETES}, from those who offer endorsements.`,
  'Set a price for each one: their endorsement rate to start with.',
  'Describe the endorsement: the task, a link and where it is posted.',
  'Pay once for the whole campaign.',
] as const;

/**
 * The Create campaign modal (spec §2, modals): what a campaign is before the business starts one.
 * Escape and a click on the background close it, as every modal does.
 */
export function CreateCampaignModal({ open, onClose, onContinue }: CreateCampaignModalProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Create campaign"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="accent" onClick={onContinue}>
            Continue
          </Button>
        </>
      }
    >
      <p className="rq-campaign__lead">Send one endorsement to several athletes, each at their own price.</p>
      <ol className="rq-campaign__steps">
        {CAMPAIGN_STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="hd-muted rq-campaign__note">An athlete who declines or lets the request expire is refunded to your card.</p>
    </Modal>
  );
}

export default CreateCampaignModal;
