import { Button, Modal } from '@huddle/ui';

export interface EulaModalProps {
  open: boolean;
  onAccept: () => void;
  onDecline: () => void;
}

/** The end-user licence agreement a new account accepts (spec §2: Decline and Accept). */
export function EulaModal({ open, onAccept, onDecline }: EulaModalProps) {
  return (
    <Modal
      open={open}
      onClose={onDecline}
      title="End User License Agreement"
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onDecline}>
            Decline
          </Button>
          <Button onClick={onAccept}>Accept</Button>
        </>
      }
    >
      <div className="eula">
        <p>
          Huddle connects fans and businesses with college athletes who offer paid services. By creating an account you
          agree to these terms.
        </p>
        <h3>Your account</h3>
        <p>
          You are responsible for the accuracy of your profile and for keeping your password safe. One person or company
          per account; accounts may not be transferred.
        </p>
        <h3>Bookings and payments</h3>
        <p>
          Requests are paid by card when booked. An athlete may accept or decline a request; declined and cancelled
          requests are not charged. Huddle keeps a service fee from each completed request.
        </p>
        <h3>Content and conduct</h3>
        <p>
          Videos, messages and reviews must respect the law, the athletes&apos; schools and conference rules. We may
          remove content and block accounts that break these terms.
        </p>
        <h3>Privacy</h3>
        <p>
          We use your data to run the service, process payments and notify you about your requests. You may delete your
          account at any time from your profile settings.
        </p>
      </div>
    </Modal>
  );
}
