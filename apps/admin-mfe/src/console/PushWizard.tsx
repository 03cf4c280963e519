import { useRef, useState } from 'react';
import { LIMITS, UserType } from '@huddle/domain';
import { Button, EmptyView, Modal, SearchField, SkeletonList, StepDots, TextAreaField, TextField, useDebouncedValue } from '@huddle/ui';
import type { CustomPush } from './admin-console-api';
import { usePickUsers, usePushActions } from './console-hooks';
import { CONSOLE_TEXTS } from './console-messages';
import {
  destinationText,
  emptyDraft,
  draftOfPush,
  nextStep,
  previousStep,
  PUSH_ROLES,
  PUSH_TEXT_LIMITS,
  pushInputOf,
  stepErrors,
  toggleRole,
  toggleUser,
  type DraftField,
  type PushDraft,
  type WizardState,
} from './push-wizard';
import { displayName } from './user-format';

export const STEP_TITLES = { 1: 'Message', 2: 'Destination', 3: 'Confirm' } as const;

function UserPicker({ draft, onChange }: { draft: PushDraft; onChange: (draft: PushDraft) => void }) {
  const [text, setText] = useState('');
  const settled = useDebouncedValue(text, LIMITS.searchDebounceMs);
  const query = usePickUsers(settled);
  const chosen = new Set(draft.users.map((user) => user.id));
  let list;
  // Administrators never receive a push (the API refuses them as recipients).
  const candidates = query.data?.filter((user) => user.user_type !== UserType.Admin) ?? [];
  if (query.isPending) list = <SkeletonList count={3} variant="row" label="Loading users" />;
  else if (query.isError) list = <p className="adm-error">{query.error.message}</p>;
  else if (candidates.length === 0) list = <EmptyView text={CONSOLE_TEXTS.noPickedUsers} />;
  else
    list = (
      <ul className="adm-picker" aria-label="Users">
        {candidates.slice(0, LIMITS.pageSize.selectableUsers).map((user) => {
          const picked = { id: user.id, name: displayName(user), email: user.email };
          return (
            <li key={user.id}>
              <label>
                <input type="checkbox" checked={chosen.has(user.id)} onChange={(event) => onChange(toggleUser(draft, picked, event.target.checked))} />
                <span>
                  {picked.name}
                  <span className="adm-sub">{user.email}</span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    );
  return (
    <div className="hd-stack">
      <SearchField label="Find users" placeholder="Name, email, username or id" value={text} onChange={(event) => setText(event.target.value)} />
      {draft.users.length > 0 && (
        <div className="adm-chips" aria-label="Chosen users">
          {draft.users.map((user) => (
            <Button key={user.id} size="sm" variant="secondary" onClick={() => onChange(toggleUser(draft, user, false))} aria-label={`Remove ${user.name}`}>
              {user.name} ×
            </Button>
          ))}
        </div>
      )}
      {list}
    </div>
  );
}

export interface PushWizardViewProps {
  state: WizardState;
  errors: Partial<Record<DraftField, string>>;
  onDraft: (draft: PushDraft) => void;
}

/** The step's fields (the specs render each step). */
export function PushWizardStep({ state, errors, onDraft }: PushWizardViewProps) {
  const { draft } = state;
  if (state.step === 1)
    return (
      <div className="adm-wizard">
        <TextField label="Name" value={draft.name} maxLength={PUSH_TEXT_LIMITS.name} onChange={(event) => onDraft({ ...draft, name: event.target.value })} error={errors.name} hint="Only administrators see the name." />
        <TextField label="Subject" value={draft.subject} maxLength={PUSH_TEXT_LIMITS.subject} onChange={(event) => onDraft({ ...draft, subject: event.target.value })} error={errors.subject} />
        <TextAreaField label="Message" value={draft.message} maxLength={PUSH_TEXT_LIMITS.message} showCount onChange={(event) => onDraft({ ...draft, message: event.target.value })} error={errors.message} />
      </div>
    );
  if (state.step === 2)
    return (
      <div className="adm-wizard">
        <fieldset className="adm-choices">
          <legend className="hd-field__label">Send to</legend>
          <label>
            <input type="radio" name="push-mode" checked={draft.mode === 'roles'} onChange={() => onDraft({ ...draft, mode: 'roles' })} />
            Roles
          </label>
          <label>
            <input type="radio" name="push-mode" checked={draft.mode === 'users'} onChange={() => onDraft({ ...draft, mode: 'users' })} />
            Chosen users
          </label>
        </fieldset>
        {draft.mode === 'roles' ? (
          <fieldset className="adm-choices">
            <legend className="hd-visually-hidden">Roles</legend>
            {PUSH_ROLES.map((role) => (
              <label key={role.value}>
                <input type="checkbox" checked={draft.roles.includes(role.value)} onChange={(event) => onDraft(toggleRole(draft, role.value, event.target.checked))} />
                {role.plural}
              </label>
            ))}
          </fieldset>
        ) : (
          <UserPicker draft={draft} onChange={onDraft} />
        )}
        {errors.destination && (
          <p className="adm-error" role="alert">
            {errors.destination}
          </p>
        )}
      </div>
    );
  const input = pushInputOf(draft);
  return (
    <dl className="adm-review">
      <dt>Name</dt>
      <dd>{input.name}</dd>
      <dt>Subject</dt>
      <dd>{input.subject}</dd>
      <dt>Message</dt>
      <dd>{input.message}</dd>
      <dt>Send to</dt>
      <dd>
        {draft.mode === 'roles' ? destinationText({ roles: input.destination.roles ?? [], user_ids: [] }) : draft.users.map((user) => user.name).join(', ')}
      </dd>
    </dl>
  );
}

export interface PushWizardProps {
  /** The push to edit, or null for a new one; undefined while closed. */
  push: CustomPush | null | undefined;
  onClose: () => void;
}

/** Create or edit a custom push in three steps; Save keeps it as a draft, Send saves and sends it once. */
export function PushWizard({ push, onClose }: PushWizardProps) {
  const open = push !== undefined;
  const [state, setState] = useState<WizardState>({ step: 1, draft: emptyDraft(), editing: null });
  const [openedFor, setOpenedFor] = useState<CustomPush | null | undefined>(undefined);
  const [shown, setShown] = useState<Partial<Record<DraftField, string>>>({});
  const actions = usePushActions();
  // A second click before React shows the pending state still sends once.
  const inFlight = useRef(false);
  if (open && openedFor !== push) {
    setOpenedFor(push);
    setState({ step: 1, draft: push ? draftOfPush(push) : emptyDraft(), editing: push?.id ?? null });
    setShown({});
  }
  if (!open && openedFor !== undefined) setOpenedFor(undefined);

  const busy = actions.save.isPending || actions.send.isPending;
  const setDraft = (draft: PushDraft) => {
    setState({ ...state, draft });
    if (Object.keys(shown).length > 0) setShown(stepErrors(state.step, draft));
  };
  const next = () => {
    const errors = stepErrors(state.step, state.draft);
    setShown(errors);
    setState(nextStep(state));
  };
  const back = () => {
    setShown({});
    setState(previousStep(state));
  };
  const save = (andSend: boolean) => {
    if (busy || inFlight.current) return;
    inFlight.current = true;
    actions.save.mutate(
      { id: state.editing, input: pushInputOf(state.draft) },
      {
        onSuccess: (saved) => {
          setState((current) => ({ ...current, editing: saved.id }));
          if (!andSend) {
            inFlight.current = false;
            onClose();
            return;
          }
          actions.send.mutate(saved.id, {
            onSuccess: onClose,
            onSettled: () => {
              inFlight.current = false;
            },
          });
        },
        onError: () => {
          inFlight.current = false;
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      onClose={busy ? () => undefined : onClose}
      title={`${state.editing ? 'Edit push' : 'New push'} · ${STEP_TITLES[state.step]}`}
      size="md"
      footer={
        <>
          {state.step > 1 ? (
            <Button variant="secondary" onClick={back} disabled={busy}>
              Back
            </Button>
          ) : (
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
          )}
          {state.step < 3 ? (
            <Button onClick={next}>Next</Button>
          ) : (
            <>
              <Button variant="secondary" onClick={() => save(false)} loading={actions.save.isPending && !actions.send.isPending} disabled={busy}>
                Save
              </Button>
              <Button variant="accent" onClick={() => save(true)} loading={actions.send.isPending} disabled={busy}>
                Send
              </Button>
            </>
          )}
        </>
      }
    >
      <div className="hd-stack">
        <StepDots count={3} active={state.step - 1} />
        <PushWizardStep state={state} errors={shown} onDraft={setDraft} />
      </div>
    </Modal>
  );
}
