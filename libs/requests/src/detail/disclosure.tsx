import { ENDORSEMENT_DISCLOSURE, type ServiceType } from '@huddle/domain';

/** A paid endorsement must be disclosed (US FTC): accepting one needs the athlete's acknowledgement. */
export function needsDisclosure(type: ServiceType): boolean {
  return type === 'endorsement';
}

export type AcceptCheck = { ok: true; disclosureAcknowledged: boolean } | { ok: false; message: string };

/**
 * Whether Accept may go on: an endorsement only with the disclosure acknowledged (the accept call
 * then says so, disclosure_acknowledged=true); any other service at once.
 */
export function acceptCheck(type: ServiceType, acknowledged: boolean): AcceptCheck {
  if (!needsDisclosure(type)) return { ok: true, disclosureAcknowledged: false };
  return acknowledged ? { ok: true, disclosureAcknowledged: true } : { ok: false, message: ENDORSEMENT_DISCLOSURE.required };
}

export interface DisclosureAcknowledgementProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** ENDORSEMENT_DISCLOSURE.required after an Accept without it, or the API's message. */
  error?: string | null;
  disabled?: boolean;
}

/** The athlete's acknowledgement above Accept on an endorsement. */
export function DisclosureAcknowledgement({ checked, onChange, error, disabled }: DisclosureAcknowledgementProps) {
  return (
    <div className="req-accept-disclosure">
      <label className="hd-check">
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'req-disclosure-error' : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{ENDORSEMENT_DISCLOSURE.acknowledge}</span>
      </label>
      {error && (
        <p className="hd-field__error" id="req-disclosure-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
