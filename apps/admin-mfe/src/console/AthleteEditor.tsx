import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, toApiError } from '@huddle/api-client';
import {
  ATHLETE_SERVICE_TYPES,
  ErrorCode,
  isHourly,
  LIMITS,
  PROFILE_IMAGE_ACCEPT,
  SERVICE_LABELS,
  SERVICE_RATE_LIMITS,
  SOCIAL_LINK_FIELDS,
  SOCIAL_LINK_LABELS,
  SOCIAL_LINK_TYPES,
  type SocialLinkType,
} from '@huddle/domain';
import { Button, Panel, SelectField, Stepper, Switch, Tabs, TextAreaField, TextField, useToast } from '@huddle/ui';
import type { AdminUser } from './admin-console-api';
import {
  athleteEditErrors,
  athleteEditValuesOf,
  athleteUpdateOf,
  EDIT_TABS,
  isDirty,
  tabsWithErrors,
  type AthleteEditErrors,
  type AthleteEditValues,
  type EditTab,
  type GeneralField,
} from './athlete-edit';
import { useAthleteSave, useGenders } from './console-hooks';

const NO_ERRORS: AthleteEditErrors = { general: {}, services: { rates: {} }, links: {} };

/** Server field errors on the editor's fields ('tiktok_link' → the TikTok field); anything else is a toast. */
export function serverErrorsOf(error: unknown): AthleteEditErrors | null {
  if (!(error instanceof ApiError)) return null;
  const found: AthleteEditErrors = { general: {}, services: { rates: {} }, links: {} };
  if (error.code === ErrorCode.EmailTaken) found.general.email = error.message;
  else if (error.code === ErrorCode.UsernameTaken) found.general.username = error.message;
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    const link = SOCIAL_LINK_TYPES.find((type) => SOCIAL_LINK_FIELDS[type] === field);
    if (link) found.links[link] = message;
    else if (['first_name', 'last_name', 'email', 'phone', 'username', 'gender', 'description'].includes(field)) found.general[field as GeneralField] = message;
    else if (field.startsWith('athlete_services')) found.services.form = message;
  }
  return tabsWithErrors(found).length > 0 ? found : null;
}

export interface AthleteEditorProps {
  user: AdminUser;
  /** Asks to close the editor: the screen's leave guard confirms when changes are unsaved. */
  onClose: () => void;
  onDirtyChange: (dirty: boolean) => void;
  /** After a successful save. */
  onSaved: () => void;
  /** The tab to open with (the specs render each one). */
  initialTab?: EditTab;
}

/**
 * The administrator's athlete editor (issue 22): General (names, email, phone, username, gender,
 * description, photo and intro video), Services (toggles and rates) and Social links, with the
 * athlete's own settings' rules and messages; Save sends POST /admin/user/update.
 */
export function AthleteEditor({ user, onClose, onDirtyChange, onSaved, initialTab = 'general' }: AthleteEditorProps) {
  const toast = useToast();
  const genders = useGenders();
  const { save, upload } = useAthleteSave(user.id);
  const [initial, setInitial] = useState<AthleteEditValues>(() => athleteEditValuesOf(user));
  const [values, setValues] = useState<AthleteEditValues>(initial);
  const [tab, setTab] = useState<EditTab>(initialTab);
  const [errors, setErrors] = useState<AthleteEditErrors>(NO_ERRORS);
  const [checked, setChecked] = useState(false);
  const dirty = isDirty(initial, values);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const update = (next: AthleteEditValues) => {
    setValues(next);
    if (checked) setErrors(athleteEditErrors(next, user));
  };
  const setGeneral = (field: GeneralField, value: string) => update({ ...values, general: { ...values.general, [field]: value } });
  const setLink = (type: SocialLinkType, value: string) => update({ ...values, links: { ...values.links, [type]: value } });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const found = athleteEditErrors(values, user);
    setChecked(true);
    setErrors(found);
    const wrong = tabsWithErrors(found);
    if (wrong.length > 0) {
      if (!wrong.includes(tab)) setTab(wrong[0]!);
      return;
    }
    save.mutate(athleteUpdateOf(user.id, values), {
      onSuccess: (answer) => {
        const saved = athleteEditValuesOf(answer.user);
        setInitial(saved);
        setValues(saved);
        onDirtyChange(false);
        onSaved();
      },
      onError: (failure) => {
        const placed = serverErrorsOf(failure);
        if (placed) {
          setErrors(placed);
          setTab(tabsWithErrors(placed)[0]!);
        }
        toast.show(toApiError(failure).message, 'error');
      },
    });
  };

  const general = (
    <div className="hd-stack">
      <div className="adm-filters adm-filters--two">
        <TextField label="First name" maxLength={LIMITS.personName.max} value={values.general.first_name} onChange={(event) => setGeneral('first_name', event.target.value)} error={errors.general.first_name} />
        <TextField label="Last name" maxLength={LIMITS.personName.max} value={values.general.last_name} onChange={(event) => setGeneral('last_name', event.target.value)} error={errors.general.last_name} />
        <TextField label="Email" type="email" value={values.general.email} onChange={(event) => setGeneral('email', event.target.value)} error={errors.general.email} />
        <TextField label="Phone" type="tel" placeholder="+1 555 123 4567" value={values.general.phone} onChange={(event) => setGeneral('phone', event.target.value)} error={errors.general.phone} />
        <TextField label="Username" value={values.general.username} onChange={(event) => setGeneral('username', event.target.value)} error={errors.general.username} />
        <div>
          <SelectField
            label="Gender"
            value={values.general.gender}
            options={[{ value: '', label: 'Choose…' }, ...(genders.data ?? []).map((gender) => ({ value: String(gender.id), label: gender.name }))]}
            onChange={(event) => setGeneral('gender', event.target.value)}
            aria-invalid={errors.general.gender ? true : undefined}
          />
          {errors.general.gender && (
            <p className="hd-field__error" role="alert">
              {errors.general.gender}
            </p>
          )}
        </div>
      </div>
      <TextAreaField
        label="Description"
        value={values.general.description}
        maxLength={LIMITS.description.max}
        showCount
        onChange={(event) => setGeneral('description', event.target.value)}
        error={errors.general.description}
      />
      <div className="adm-uploads">
        <label className="adm-upload">
          <span className="hd-field__label">Photo</span>
          <input
            type="file"
            accept={PROFILE_IMAGE_ACCEPT}
            disabled={upload.isPending}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) upload.mutate({ kind: 'photo', file }, { onSuccess: (media) => update({ ...values, media: { ...values.media, ...media } }) });
              event.target.value = '';
            }}
          />
        </label>
        <label className="adm-upload">
          <span className="hd-field__label">Intro video</span>
          <input
            type="file"
            accept="video/mp4,video/quicktime"
            disabled={upload.isPending}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) upload.mutate({ kind: 'intro', file }, { onSuccess: (media) => update({ ...values, media: { ...values.media, ...media } }) });
              event.target.value = '';
            }}
          />
        </label>
      </div>
      {upload.isPending && <p className="hd-muted">Uploading…</p>}
      {(values.media.profile_photo || values.media.intro_video) && (
        <p className="hd-muted" role="status">
          {[values.media.profile_photo && 'New photo', values.media.intro_video && 'New intro video'].filter(Boolean).join(' and ')} uploaded: Save to keep it.
        </p>
      )}
    </div>
  );

  const services = (
    <div className="hd-stack">
      {errors.services.form && (
        <p className="adm-error" role="alert">
          {errors.services.form}
        </p>
      )}
      <ul className="adm-list adm-services">
        {ATHLETE_SERVICE_TYPES.map((type) => {
          const limits = SERVICE_RATE_LIMITS[type];
          const setting = values.services[type];
          return (
            <li key={type} className="adm-service adm-service--edit">
              <Switch
                label={SERVICE_LABELS[type]}
                description={isHourly(type) ? 'Rate per hour' : undefined}
                checked={setting.enabled}
                onChange={(enabled) => update({ ...values, services: { ...values.services, [type]: { ...setting, enabled } } })}
              />
              {setting.enabled && (
                <Stepper
                  label={`${SERVICE_LABELS[type]} rate`}
                  prefix="$"
                  value={setting.rate}
                  min={limits.min}
                  max={limits.max}
                  step={limits.step}
                  keepTyped
                  onChange={(rate) => update({ ...values, services: { ...values.services, [type]: { ...setting, rate } } })}
                  error={errors.services.rates[type]}
                />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );

  const links = (
    <div className="hd-stack">
      {SOCIAL_LINK_TYPES.map((type) => (
        <TextField
          key={type}
          label={SOCIAL_LINK_LABELS[type]}
          type="url"
          inputMode="url"
          placeholder={`${type}.com/name`}
          value={values.links[type]}
          onChange={(event) => setLink(type, event.target.value)}
          error={errors.links[type]}
        />
      ))}
    </div>
  );

  return (
    <Panel title="Edit athlete" className="adm-editor">
      <form onSubmit={submit} noValidate>
        <Tabs tabs={EDIT_TABS} active={tab} onChange={setTab} label="Edit athlete">
          {tab === 'general' ? general : tab === 'services' ? services : links}
        </Tabs>
        <div className="adm-editor__bar">
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Close
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!dirty}>
            Save
          </Button>
        </div>
      </form>
    </Panel>
  );
}
