import { useState } from 'react';
import { toApiError } from '@huddle/api-client';
import { baseUserType, MESSAGES, UserType } from '@huddle/domain';
import type { RoleCode } from '@huddle/domain';
import { AlertDialog, Button, ConfirmDialog, Modal, TextField, useShell } from '@huddle/ui';
import { useMemberApi } from '../api/hooks';

type Stage = 'idle' | 'sure' | 'agree' | 'deleted';

/** Spec §5: the final confirmation is enabled only when the input equals AGREE. */
export function isDeleteConfirmed(typed: string): boolean {
  return typed === MESSAGES.deleteConfirmWord;
}

/**
 * What deleting the account does to its requests (the booking module's ACCOUNT_CLOSED job; the
 * domain's athlete_gone rule): said before the confirmation, so nobody learns it afterwards.
 */
export function deletionNote(role: RoleCode): string {
  const gone = 'Your profile, requests history and sign-in are removed. This cannot be undone.';
  if (baseUserType(role) === UserType.Athlete) {
    return `${gone} Requests waiting for your answer, and accepted ones that have not started, are canceled: their payers' card holds are released or their payments refunded.`;
  }
  return `${gone} Your requests still waiting for an athlete's answer are canceled and your payment for them returned; those an athlete already accepted go on.`;
}

/**
 * Delete Profile (spec §4): 'Are you sure', then type AGREE, then an alert that the account is
 * deleted; closing it signs out (DELETE /user/accounts/self already revoked every session).
 */
export function DeleteProfile() {
  const api = useMemberApi();
  const { endSession, role } = useShell();
  const [stage, setStage] = useState<Stage>('idle');
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setStage('idle');
    setTyped('');
    setError(null);
  };

  const remove = async () => {
    setDeleting(true);
    setError(null);
    try {
      await api.deleteAccount();
      setStage('deleted');
    } catch (failure) {
      setError(toApiError(failure).message);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <section className="mb-danger" aria-labelledby="mb-delete-title">
      <div>
        <h2 className="mb-section__title" id="mb-delete-title">
          Delete profile
        </h2>
        <p className="mb-section__hint">{deletionNote(role)}</p>
      </div>
      <Button variant="danger" onClick={() => setStage('sure')}>
        Delete Profile
      </Button>
      <ConfirmDialog
        open={stage === 'sure'}
        title="Delete Profile"
        message="Are you sure you want to delete your profile?"
        confirmLabel="Yes, continue"
        tone="danger"
        onConfirm={() => setStage('agree')}
        onCancel={close}
      />
      <Modal
        open={stage === 'agree'}
        onClose={deleting ? () => undefined : close}
        title="Delete Profile"
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={deleting}>
              Cancel
            </Button>
            <Button variant="danger" onClick={remove} loading={deleting} disabled={!isDeleteConfirmed(typed)}>
              Delete
            </Button>
          </>
        }
      >
        <div className="hd-stack">
          <p>
            Type <strong>{MESSAGES.deleteConfirmWord}</strong> to confirm that you want to delete your profile.
          </p>
          <TextField
            label={`Type ${MESSAGES.deleteConfirmWord} to confirm`}
            value={typed}
            autoComplete="off"
            autoCapitalize="characters"
            onChange={(event) => setTyped(event.target.value)}
            error={error}
          />
        </div>
      </Modal>
      <AlertDialog open={stage === 'deleted'} title="Profile deleted" message={MESSAGES.accountDeleted} onClose={endSession} />
    </section>
  );
}
