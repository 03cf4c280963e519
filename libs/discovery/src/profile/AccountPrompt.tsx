import { RETURN_TO_PARAM, SERVICE_LABELS, type ServiceType } from '@huddle/domain';
import { withArticle } from '@huddle/domain/format';
import { Button, Modal, useShell } from '@huddle/ui';

export interface AccountPromptProps {
  open: boolean;
  /** The service the guest tried to book (kept while the prompt fades out). */
  service: ServiceType | null;
  athleteFirstName: string;
  /** Where signing in comes back to: the chosen service's booking form (this page when none). */
  returnTo?: string | null;
  onClose: () => void;
}

/**
 * The Account prompt (spec §2, modals): a guest who tries to book is asked to sign in or
 * create an account. Either choice ends the guest visit, as the menu's Login entry does, so the
 * shell shows its sign-in screens; they carry the booking form of the chosen service in `?next=`
 * (this page when none), so signing in goes on to book what the guest chose.
 */
export function AccountPrompt({ open, service, athleteFirstName, returnTo, onClose }: AccountPromptProps) {
  const { endSession, navigate } = useShell();
  const leaveFor = (path: '/login' | '/signup') => {
    const here = returnTo ?? `${window.location.pathname}${window.location.search}`;
    endSession();
    navigate(`${path}?${new URLSearchParams({ [RETURN_TO_PARAM]: here })}`);
  };
  const what = service ? withArticle(SERVICE_LABELS[service].toLowerCase()) : 'a service';

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Sign in to book"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => leaveFor('/login')}>
            Log in
          </Button>
          <Button onClick={() => leaveFor('/signup')}>Create an account</Button>
        </>
      }
    >
      <p className="rq-prompt__text">
        Log in or create a free account to book {what} with {athleteFirstName}. Browsing athletes stays open to everyone.
      </p>
    </Modal>
  );
}
