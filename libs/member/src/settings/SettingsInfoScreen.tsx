import { useState, type FormEvent } from 'react';
import { baseUserType, UserType, type UserTypeCode } from '@huddle/domain';
import { toApiError } from '@huddle/api-client';
import { AlertDialog, Button, ErrorView, Page, Panel, SkeletonList, Switch, TextField, useShell, useToast } from '@huddle/ui';
import type { AccountPatch, MemberAccount, ReferenceData } from '../api/account-types';
import { useAccountAnswer, useMemberApi, useOwnAccount, useReferenceData } from '../api/hooks';
import { accountEditErrors, hasErrors, placeServerError, type AccountValues, type FieldErrors } from '../forms/profile-form';
import { ProfileFields } from '../forms/ProfileFields';
import { PhotoField } from '../photo/PhotoField';
import { IntroVideoField } from '../video/IntroVideoField';
import { accountUpdateOf, accountValuesOf } from './account-values';
import { DeleteProfile } from './DeleteProfile';
import '../member.css';

const KNOWN_FIELDS = [
  'email',
  'phone',
  'username',
  'first_name',
  'last_name',
  'gender',
  'description',
  'business.name',
  'business.email',
  'business.phone',
  'business.website',
];

interface EditFormProps {
  account: MemberAccount;
  reference: ReferenceData;
  userType: UserTypeCode;
}

function EditForm({ account, reference, userType }: EditFormProps) {
  const api = useMemberApi();
  const toast = useToast();
  const answer = useAccountAnswer();
  const [values, setValues] = useState<AccountValues>(() => accountValuesOf(account));
  const [errors, setErrors] = useState<FieldErrors<string>>({});
  const [saving, setSaving] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const set = <K extends keyof AccountValues>(key: K, value: AccountValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  /** Photo and video changes are saved as soon as they are uploaded: the file is already stored. */
  const saveMedia = async (part: AccountPatch, done: string) => {
    try {
      answer(await api.patchAccount(part));
      toast.show(done, 'success');
    } catch (failure) {
      setAlert(toApiError(failure).message);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = accountEditErrors(values, {
      userType,
      hadUsername: Boolean(account.username),
      hadGender: account.gender !== null && account.gender !== undefined,
    });
    setErrors(found);
    if (hasErrors(found)) return;
    setSaving(true);
    try {
      answer(await api.updateAccount(accountUpdateOf(values, userType)));
      toast.show('Profile saved', 'success');
    } catch (failure) {
      const placed = placeServerError(failure, KNOWN_FIELDS);
      setErrors(placed.fields);
      setAlert(placed.alert);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <form className="hd-stack" onSubmit={submit} noValidate>
        <Panel>
          <div className="hd-stack">
            <PhotoField
              userType={userType}
              photo={account.profile_photo}
              onUploaded={(uploaded) =>
                saveMedia(
                  {
                    profile_photo: uploaded.path,
                    ...(uploaded.second_path ? { dashboard_photo: uploaded.second_path } : {}),
                  },
                  'Photo updated',
                )
              }
            />
            <ProfileFields
              userType={userType}
              value={values}
              onChange={(profile) => setValues((current) => ({ ...current, ...profile }))}
              errors={errors}
              genders={reference.genders}
            />
          </div>
        </Panel>
        <Panel title="Account">
          <div className="hd-stack">
            <TextField
              label="Username"
              autoComplete="username"
              autoCapitalize="none"
              value={values.username}
              onChange={(event) => set('username', event.target.value)}
              error={errors.username}
              hint="Your profile address is /@username"
            />
            <TextField
              label="Email"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={values.email}
              onChange={(event) => set('email', event.target.value)}
              error={errors.email}
            />
            <TextField
              label="Phone number"
              type="tel"
              autoComplete="tel"
              value={values.phone}
              onChange={(event) => set('phone', event.target.value)}
              error={errors.phone}
            />
          </div>
        </Panel>
        <div className="mb-form-actions">
          <Button type="submit" loading={saving}>
            Save changes
          </Button>
        </div>
      </form>
      <Panel title="Notifications">
        {/* Saved at once, like the photo: a switch has nothing to submit. */}
        <Switch
          label="Email me about my requests"
          description="New requests, acceptances, declines, expiries and deliveries also come by email. In-app notifications always come."
          checked={account.email_notifications}
          onChange={(checked) => void saveMedia({ email_notifications: checked }, checked ? 'Request emails turned on' : 'Request emails turned off')}
        />
      </Panel>
      {userType === UserType.Athlete && (
        <Panel>
          <IntroVideoField video={account.intro_video} onUploaded={(path) => saveMedia({ intro_video: path }, 'Intro video updated')} />
        </Panel>
      )}
      <Panel>
        <DeleteProfile />
      </Panel>
      <AlertDialog open={alert !== null} title="Unable to save" message={alert} onClose={() => setAlert(null)} />
    </>
  );
}

/** /settings/info (spec §2, §5): edit the profile; Delete Profile with its two confirmations. */
export function SettingsInfoScreen() {
  const { navigate, role } = useShell();
  const account = useOwnAccount();
  const reference = useReferenceData();
  const userType = baseUserType(role) ?? UserType.Fan;

  let content;
  if (account.isPending || reference.isPending) content = <SkeletonList count={6} label="Loading your profile" />;
  else if (account.isError || reference.isError) {
    content = (
      <ErrorView
        message={toApiError(account.error ?? reference.error).message}
        onRetry={() => {
          account.refetch();
          reference.refetch();
        }}
        retrying={account.isFetching || reference.isFetching}
      />
    );
  } else content = <EditForm account={account.data} reference={reference.data} userType={userType} />;

  return (
    <Page title="Edit profile" width="narrow" onBack={() => navigate('/profile')}>
      <div className="hd-stack">{content}</div>
    </Page>
  );
}
