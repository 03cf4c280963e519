import { SOCIAL_LINK_LABELS, SOCIAL_LINK_TYPES, type SocialLinkType } from '@huddle/domain';
import { Icon, TextField } from '@huddle/ui';
import type { SocialLinks } from '../api/account-types';

export interface SocialLinksFormProps {
  value: SocialLinks;
  onChange: (value: SocialLinks) => void;
  errors: Partial<Record<SocialLinkType, string>>;
  /** Shows a delete action on each filled row (the social-link row of spec §2). */
  onRemove?: (type: SocialLinkType) => void;
  removing?: SocialLinkType | null;
}

/** The five social links (spec §2): tiktok, twitter, snapchat, facebook and instagram. */
export function SocialLinksForm({ value, onChange, errors, onRemove, removing }: SocialLinksFormProps) {
  return (
    <div className="mb-links">
      {SOCIAL_LINK_TYPES.map((type) => (
        <div key={type} className="mb-links__row">
          <TextField
            className="mb-links__field"
            label={SOCIAL_LINK_LABELS[type]}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder={`${type}.com/yourname`}
            value={value[type]}
            onChange={(event) => onChange({ ...value, [type]: event.target.value })}
            error={errors[type]}
          />
          {onRemove && value[type].trim() !== '' && (
            <button
              type="button"
              className="hd-icon-button mb-links__remove"
              aria-label={`Remove ${SOCIAL_LINK_LABELS[type]} link`}
              disabled={removing === type}
              onClick={() => onRemove(type)}
            >
              <Icon name="trash" size={18} />
            </button>
          )}
        </div>
      ))}
    </div>
  );
}
