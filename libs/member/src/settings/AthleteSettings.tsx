import { useState, type ReactNode } from 'react';
import { hasServicesProblems, serviceFieldsOf, serviceSettingsOf, servicesProblems, type ServiceSettings, type ServicesProblems, type SocialLinkType } from '@huddle/domain';
import { ApiError, toApiError } from '@huddle/api-client';
import { AlertDialog, Button, ErrorView, Panel, SkeletonList, useToast } from '@huddle/ui';
import type { MemberAccount, ReferenceData, SocialLinks } from '../api/account-types';
import { useAccountAnswer, useMemberApi, useOwnAccount, useReferenceData } from '../api/hooks';
import { ServicesForm } from '../forms/ServicesForm';
import { linkTypeOfField, socialLinkErrors, socialLinkFields, socialLinksOf } from '../forms/social-links';
import { SocialLinksForm } from '../forms/SocialLinksForm';
import { SportsSchoolForm, type SportsSchoolValue } from '../forms/SportsSchoolForm';
import { LocationPicker } from '../map/LocationPicker';
import { athleteSurveyProblems, idsOf } from '../wizard/wizard-draft';
import '../member.css';

/** The loading, error and content states every athlete settings screen shares. */
function WithAccount({ children, needsReference = false }: { children: (account: MemberAccount, reference: ReferenceData | undefined) => ReactNode; needsReference?: boolean }) {
  const account = useOwnAccount();
  const reference = useReferenceData();
  if (account.isPending || (needsReference && reference.isPending)) return <SkeletonList count={5} label="Loading your profile" />;
  if (account.isError || (needsReference && reference.isError)) {
    return (
      <ErrorView
        message={toApiError(account.error ?? reference.error).message}
        onRetry={() => {
          account.refetch();
          reference.refetch();
        }}
        retrying={account.isFetching || reference.isFetching}
      />
    );
  }
  return <>{children(account.data, reference.data)}</>;
}

function LinksEditor({ account }: { account: MemberAccount }) {
  const api = useMemberApi();
  const toast = useToast();
  const answer = useAccountAnswer();
  const [links, setLinks] = useState<SocialLinks>(() => socialLinksOf(account));
  const [errors, setErrors] = useState<Partial<Record<SocialLinkType, string>>>({});
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<SocialLinkType | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const stored = socialLinksOf(account);

  const save = async () => {
    const found = socialLinkErrors(links);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const updated = await api.patchAccount(socialLinkFields(links));
      answer(updated);
      setLinks(socialLinksOf(updated));
      toast.show('Social links saved', 'success');
    } catch (failure) {
      const fields: Partial<Record<SocialLinkType, string>> = {};
      if (failure instanceof ApiError) {
        for (const [field, message] of Object.entries(failure.fieldErrors)) {
          const type = linkTypeOfField(field);
          if (type) fields[type] = message;
        }
      }
      setErrors(fields);
      if (Object.keys(fields).length === 0) setAlert(toApiError(failure).message);
    } finally {
      setSaving(false);
    }
  };

  /** A stored link is removed on the server at once; a typed, unsaved one is only cleared. */
  const remove = async (type: SocialLinkType) => {
    if (stored[type] === '') {
      setLinks({ ...links, [type]: '' });
      return;
    }
    setRemoving(type);
    try {
      const updated = await api.removeSocialLink(type);
      answer(updated);
      setLinks({ ...links, [type]: '' });
      setErrors({ ...errors, [type]: undefined });
      toast.show('Link removed', 'success');
    } catch (failure) {
      // Spec §8: removing a social link reports its error through the shared reporter.
      toast.show(toApiError(failure).message, 'error');
    } finally {
      setRemoving(null);
    }
  };

  return (
    <>
      <Panel>
        <SocialLinksForm value={links} onChange={setLinks} errors={errors} onRemove={remove} removing={removing} />
      </Panel>
      <div className="mb-form-actions">
        <Button onClick={save} loading={saving}>
          Save links
        </Button>
      </div>
      <AlertDialog open={alert !== null} title="Unable to save" message={alert} onClose={() => setAlert(null)} />
    </>
  );
}

/** /settings/links (spec §2): the five social links, each row with a delete action. */
export function SocialLinksSettings() {
  return <WithAccount>{(account) => <LinksEditor account={account} />}</WithAccount>;
}

function SurveyEditor({ account, reference }: { account: MemberAccount; reference: ReferenceData }) {
  const api = useMemberApi();
  const toast = useToast();
  const answer = useAccountAnswer();
  const [value, setValue] = useState<SportsSchoolValue>(() => ({
    sports: idsOf(account.athlete_info?.sports),
    schoolId: account.athlete_info?.school_id ?? null,
  }));
  const [errors, setErrors] = useState<{ sports?: string; school?: string }>({});
  const [saving, setSaving] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  const save = async () => {
    const found = athleteSurveyProblems(value, reference.available_schools.length || reference.schools.length);
    setErrors(found);
    if (found.sports || found.school) return;
    setSaving(true);
    try {
      answer(await api.saveAthleteProfile({ athlete_info: { sports: value.sports, school_id: value.schoolId } }));
      toast.show('Sports and school saved', 'success');
    } catch (failure) {
      setAlert(toApiError(failure).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Panel>
        <SportsSchoolForm reference={reference} value={value} onChange={setValue} errors={errors} />
      </Panel>
      <div className="mb-form-actions">
        <Button onClick={save} loading={saving}>
          Save
        </Button>
      </div>
      <AlertDialog open={alert !== null} title="Unable to save" message={alert} onClose={() => setAlert(null)} />
    </>
  );
}

/** /settings/survey (spec §2): the sports played and the one school. */
export function SportsSchoolSettings() {
  return <WithAccount needsReference>{(account, reference) => reference && <SurveyEditor account={account} reference={reference} />}</WithAccount>;
}

function ServicesEditor({ account }: { account: MemberAccount }) {
  const api = useMemberApi();
  const toast = useToast();
  const [value, setValue] = useState<ServiceSettings>(() => serviceSettingsOf(account.athlete_info?.athlete_services));
  const [problems, setProblems] = useState<ServicesProblems>({ rates: {} });
  const [saving, setSaving] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const { refetch } = useOwnAccount();

  const save = async () => {
    const found = servicesProblems(value);
    setProblems(found);
    if (hasServicesProblems(found)) return;
    setSaving(true);
    try {
      await api.updateServices({ ...serviceFieldsOf(value), appearance_type: account.athlete_info?.athlete_services.appearance_type });
      await refetch();
      toast.show('Services saved', 'success');
    } catch (failure) {
      setAlert(toApiError(failure).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Panel title="Services and rates">
        <ServicesForm
          value={value}
          onChange={(next) => {
            setValue(next);
            if (hasServicesProblems(problems)) setProblems(servicesProblems(next));
          }}
          problems={problems}
        />
        <div className="mb-form-actions">
          <Button onClick={save} loading={saving}>
            Save services
          </Button>
        </div>
      </Panel>
      <Panel title="Travel locations">
        <LocationPicker />
      </Panel>
      <AlertDialog open={alert !== null} title="Unable to save" message={alert} onClose={() => setAlert(null)} />
    </>
  );
}

/** /settings/services (spec §2): service toggles and rates, and the travel locations. */
export function ServicesSettings() {
  return <WithAccount>{(account) => <ServicesEditor account={account} />}</WithAccount>;
}
