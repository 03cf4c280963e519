import { LIMITS, UserType, type NamedRef, type UserTypeCode } from '@huddle/domain';
import { SelectField, TextAreaField, TextField } from '@huddle/ui';
import type { BusinessValues, FieldErrors, ProfileField, ProfileValues } from './profile-form';

export interface ProfileFieldsProps {
  userType: UserTypeCode;
  value: ProfileValues;
  onChange: (value: ProfileValues) => void;
  errors: FieldErrors<ProfileField>;
  genders: readonly NamedRef[];
}

/** Names, gender, an athlete's description and a business's company details (wizard and /settings/info). */
export function ProfileFields({ userType, value, onChange, errors, genders }: ProfileFieldsProps) {
  const set = <K extends keyof ProfileValues>(key: K, next: ProfileValues[K]) => onChange({ ...value, [key]: next });
  const setBusiness = (key: keyof BusinessValues, next: string) => set('business', { ...value.business, [key]: next });
  const genderError = errors.gender;

  return (
    <>
      <div className="mb-two">
        <TextField
          label="First name"
          autoComplete="given-name"
          maxLength={LIMITS.personName.max}
          value={value.first_name}
          onChange={(event) => set('first_name', event.target.value)}
          error={errors.first_name}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          maxLength={LIMITS.personName.max}
          value={value.last_name}
          onChange={(event) => set('last_name', event.target.value)}
          error={errors.last_name}
        />
      </div>
      <div className={genderError ? 'hd-field--invalid' : undefined}>
        <SelectField
          label="Gender"
          value={value.gender}
          options={[{ value: '', label: 'Choose…' }, ...genders.map((gender) => ({ value: String(gender.id), label: gender.name }))]}
          onChange={(event) => set('gender', event.target.value)}
          aria-invalid={genderError ? true : undefined}
        />
        {genderError && (
          <p className="hd-field__error" role="alert">
            {genderError}
          </p>
        )}
      </div>
      {userType === UserType.Athlete && (
        <TextAreaField
          label="Description"
          placeholder="Tell fans about yourself"
          maxLength={LIMITS.description.max}
          showCount
          value={value.description}
          onChange={(event) => set('description', event.target.value)}
          error={errors.description}
        />
      )}
      {userType === UserType.Business && (
        <fieldset className="mb-fieldset">
          <legend className="mb-section__title">Company</legend>
          <TextField
            label="Company name"
            maxLength={LIMITS.businessName.max}
            autoComplete="organization"
            value={value.business.name}
            onChange={(event) => setBusiness('name', event.target.value)}
            error={errors['business.name']}
          />
          <TextField
            label="Company email"
            type="email"
            inputMode="email"
            value={value.business.email}
            onChange={(event) => setBusiness('email', event.target.value)}
            error={errors['business.email']}
          />
          <TextField
            label="Company phone"
            type="tel"
            placeholder="+1 555 123 4567"
            value={value.business.phone}
            onChange={(event) => setBusiness('phone', event.target.value)}
            error={errors['business.phone']}
          />
          <TextField
            label="Website"
            type="url"
            inputMode="url"
            placeholder="https://example.com"
            value={value.business.website}
            onChange={(event) => setBusiness('website', event.target.value)}
            error={errors['business.website']}
          />
        </fieldset>
      )}
    </>
  );
}
