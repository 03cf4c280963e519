import { useEffect, useState } from 'react';
import {
  baseUserType,
  hasServicesProblems,
  isIncomplete,
  MESSAGES,
  servicesProblems,
  UserType,
  type IncompleteRoleCode,
  type ServicesProblems,
  type UserTypeCode,
  type WizardStep,
} from '@huddle/domain';
import { toApiError } from '@huddle/api-client';
import { AlertDialog, Button, ErrorView, Page, SkeletonList, StepDots, useShell, useToast } from '@huddle/ui';
import type { MemberAccount, ReferenceData } from '../api/account-types';
import { useAccountAnswer, useMemberApi, useOwnAccount, useReferenceData } from '../api/hooks';
import { FanSurveyForm } from '../forms/FanSurveyForm';
import { hasErrors, placeServerError, profileStepErrors, type FieldErrors } from '../forms/profile-form';
import { ProfileFields } from '../forms/ProfileFields';
import { ServicesForm } from '../forms/ServicesForm';
import { socialLinkErrors } from '../forms/social-links';
import { SocialLinksForm } from '../forms/SocialLinksForm';
import { SportsSchoolForm } from '../forms/SportsSchoolForm';
import { LocationPicker } from '../map/LocationPicker';
import { PhotoField } from '../photo/PhotoField';
import { IntroVideoField } from '../video/IntroVideoField';
import {
  athleteFinishPayload,
  athleteProgress,
  athleteSurveyProblems,
  businessFinishPayload,
  draftFromAccount,
  fanFinishPayload,
  finishKindOf,
  parseWizardProgress,
  resumeFactsOf,
  serializeWizardProgress,
  wizardProgressKey,
  type StoredWizardProgress,
  type WizardDraft,
} from './wizard-draft';
import { canSkip, forwardLabel, nextStep, previousStep, resumeStep, stepTitle, wizardStepsFor } from './wizard-steps';
import '../member.css';

const STEP_LEADS: Record<WizardStep, string> = {
  profile: 'Add your photo and tell people who you are.',
  survey: 'Tell us what you play and where.',
  socials: 'Where can fans follow you? Every link is optional.',
  services: 'Choose what you offer, set your rates and where you travel.',
  video: 'Add a short intro video fans see on your profile.',
};

/** Fields of the profile step a server's validation answer may name; other steps' errors show in an alert. */
const PROFILE_FIELDS = ['first_name', 'last_name', 'gender', 'description', 'business.name', 'business.email', 'business.phone', 'business.website'];

const FAN_SURVEY_LEAD = 'Pick the conferences, sports and teams you follow.';

/** Problems of one step before it may be left forward; all strings, keyed by the place they show. */
type StepErrors = FieldErrors<string>;

function stepErrors(step: WizardStep, draft: WizardDraft, userType: UserTypeCode, reference: ReferenceData): { errors: StepErrors; services?: ServicesProblems } {
  switch (step) {
    case 'profile':
      return { errors: profileStepErrors(draft.profile, userType, Boolean(draft.profilePhoto)) };
    case 'survey':
      if (userType !== UserType.Athlete) return { errors: {} };
      return { errors: { ...athleteSurveyProblems(draft, reference.available_schools.length || reference.schools.length) } };
    case 'socials':
      return { errors: socialLinkErrors(draft.links) };
    case 'services': {
      const services = servicesProblems(draft.services);
      return { errors: hasServicesProblems(services) ? { services: services.form ?? MESSAGES.invalidRate } : {}, services };
    }
    case 'video':
      return { errors: draft.introVideo ? {} : { video: MESSAGES.chooseVideo } };
  }
}

/** localStorage may be unavailable (privacy modes): the wizard then simply does not resume. */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Where the wizard starts: an athlete's answers are saved on the server step by step, so the
 * account tells where to resume; a fan's or a business's are kept in this browser until Submit.
 */
function startingPoint(userType: UserTypeCode, account: MemberAccount, steps: readonly WizardStep[]): StoredWizardProgress {
  const draft = draftFromAccount(account);
  if (userType === UserType.Athlete) return { index: resumeStep(steps, resumeFactsOf(account)), draft };
  const stored = parseWizardProgress(storage()?.getItem(wizardProgressKey(account.id)) ?? null, draft, steps.length);
  return stored ?? { index: 0, draft };
}

interface WizardFlowProps {
  role: IncompleteRoleCode;
  account: MemberAccount;
  reference: ReferenceData;
}

function WizardFlow({ role, account, reference }: WizardFlowProps) {
  const { logout } = useShell();
  const api = useMemberApi();
  const toast = useToast();
  const answer = useAccountAnswer();
  const userType = baseUserType(role) ?? UserType.Fan;
  const steps = wizardStepsFor(role);
  const [start] = useState(() => startingPoint(userType, account, steps));
  const [index, setIndex] = useState(start.index);
  const [draft, setDraft] = useState<WizardDraft>(start.draft);
  const keepsLocalProgress = userType !== UserType.Athlete;
  useEffect(() => {
    if (keepsLocalProgress) storage()?.setItem(wizardProgressKey(account.id), serializeWizardProgress({ index, draft }));
  }, [keepsLocalProgress, account.id, index, draft]);
  const [errors, setErrors] = useState<StepErrors>({});
  const [servicesState, setServicesState] = useState<ServicesProblems>({ rates: {} });
  const [busy, setBusy] = useState(false);
  // A photo or video still uploading is not missing: Next waits for it rather than complaining.
  const [uploading, setUploading] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const step = steps[index] ?? 'profile';
  const update = (patch: Partial<WizardDraft>) => setDraft((current) => ({ ...current, ...patch }));
  // The links as the socials step last passed them on (as the wizard opened, until then).
  const [keptLinks, setKeptLinks] = useState(() => draft.links);

  const move = (target: number) => {
    setErrors({});
    setServicesState({ rates: {} });
    setIndex(target);
    window.scrollTo({ top: 0 });
  };

  const finish = async () => {
    const kind = finishKindOf(userType);
    const account =
      kind === 'athlete'
        ? await api.finishAthlete(athleteFinishPayload(draft))
        : kind === 'business'
          ? await api.finishBusiness(businessFinishPayload(draft))
          : await api.finishFan(fanFinishPayload(draft));
    storage()?.removeItem(wizardProgressKey(account.id));
    toast.show('Welcome to Huddle! Your profile is ready.', 'success');
    // The shell takes the complete account: its role leaves /signup for the role's first route.
    answer(account);
  };

  const forward = async () => {
    const found = stepErrors(step, draft, userType, reference);
    setErrors(found.errors);
    setServicesState(found.services ?? { rates: {} });
    if (hasErrors(found.errors)) return;
    const next = nextStep(steps, index);
    setBusy(true);
    try {
      if (next === 'submit') {
        await finish();
        return;
      }
      // An athlete's answers are kept step by step, so leaving and coming back resumes here.
      if (userType === UserType.Athlete) await api.saveAthleteProfile(athleteProgress(draft, step));
      if (step === 'socials') setKeptLinks(draft.links);
      move(next);
    } catch (failure) {
      const placed = placeServerError(failure, step === 'profile' ? PROFILE_FIELDS : []);
      setErrors(placed.fields);
      setAlert(placed.alert);
    } finally {
      setBusy(false);
    }
  };

  // Skipping the links leaves them as they were last passed on (saved, for an athlete): what was
  // typed since and not passed (a link the check refused) is dropped, not sent with Submit to fail
  // there, far from its step.
  const skip = () => {
    if (step === 'socials') update({ links: keptLinks });
    setErrors({});
    move(index + 1);
  };

  const back = () => {
    const target = previousStep(steps, index);
    if (target === 'logout') logout();
    else move(target);
  };

  const lead = step === 'survey' && userType !== UserType.Athlete ? FAN_SURVEY_LEAD : STEP_LEADS[step];

  return (
    <Page
      title={stepTitle(step)}
      subtitle={lead}
      // The survey's grids hold 5 choices a row (spec §9): they need the wide page, or names no longer fit.
      width={step === 'survey' ? 'wide' : 'narrow'}
      onBack={back}
      actions={
        <Button variant="ghost" size="sm" onClick={logout}>
          Log Out
        </Button>
      }
    >
      <div className="mb-wizard">
        <StepDots count={steps.length} active={index} />
        <div className="hd-panel mb-wizard__body">
          {step === 'profile' && (
            <div className="hd-stack">
              <PhotoField
                userType={userType}
                photo={draft.profilePhoto}
                error={errors.photo}
                onUploadingChange={setUploading}
                onUploaded={(uploaded) => {
                  update({ profilePhoto: uploaded.path, dashboardPhoto: uploaded.second_path ?? draft.dashboardPhoto });
                  setErrors((current) => ({ ...current, photo: undefined }));
                }}
              />
              <ProfileFields userType={userType} value={draft.profile} onChange={(profile) => update({ profile })} errors={errors} genders={reference.genders} />
            </div>
          )}
          {step === 'survey' &&
            (userType === UserType.Athlete ? (
              <SportsSchoolForm
                reference={reference}
                value={{ sports: draft.sports, schoolId: draft.schoolId }}
                onChange={(value) => update(value)}
                errors={{ sports: errors.sports, school: errors.school }}
              />
            ) : (
              <FanSurveyForm
                reference={reference}
                value={{ conferences: draft.conferences, sports: draft.sports, teams: draft.teams }}
                onChange={(value) => update(value)}
              />
            ))}
          {step === 'socials' && <SocialLinksForm value={draft.links} onChange={(links) => update({ links })} errors={errors} />}
          {step === 'services' && (
            <div className="hd-stack">
              <ServicesForm
                value={draft.services}
                onChange={(services) => {
                  update({ services });
                  // Once shown, the problems follow the edits, so a fixed one disappears at once.
                  if (hasServicesProblems(servicesState)) setServicesState(servicesProblems(services));
                }}
                problems={servicesState}
              />
              <section className="mb-section" aria-labelledby="mb-travel-title">
                <h2 className="mb-section__title" id="mb-travel-title">
                  Travel locations
                </h2>
                <p className="mb-section__hint">Where you can appear, speak, train or run a camp.</p>
                <LocationPicker />
              </section>
            </div>
          )}
          {step === 'video' && (
            <IntroVideoField
              video={draft.introVideo}
              error={errors.video}
              onUploadingChange={setUploading}
              onUploaded={(path) => {
                update({ introVideo: path });
                setErrors({});
              }}
            />
          )}
        </div>
        <div className="mb-wizard__actions">
          {canSkip(steps, index) && (
            <Button variant="secondary" onClick={skip} disabled={busy}>
              Skip
            </Button>
          )}
          <Button onClick={forward} loading={busy} disabled={uploading}>
            {forwardLabel(steps, index)}
          </Button>
        </div>
      </div>
      <AlertDialog open={alert !== null} title="Something went wrong" message={alert} onClose={() => setAlert(null)} />
    </Page>
  );
}

/**
 * /signup for incomplete profiles (spec §2, §4): the role's steps with pagination dots, a back
 * arrow (previous step, or logout on the first), a Log Out button and 'Submit' on the last step.
 * Submit calls the role's finish-registration; the shell then takes the complete account.
 */
export function SetupWizard() {
  const { role } = useShell();
  const account = useOwnAccount();
  const reference = useReferenceData();
  if (!isIncomplete(role)) return null;

  if (account.isPending || reference.isPending) {
    return (
      <Page title={stepTitle('profile')} width="narrow">
        <SkeletonList count={4} label="Loading your profile" />
      </Page>
    );
  }
  if (account.isError || reference.isError) {
    const error = account.error ?? reference.error;
    return (
      <Page title={stepTitle('profile')} width="narrow">
        <ErrorView
          message={toApiError(error).message}
          onRetry={() => {
            if (account.isError) account.refetch();
            if (reference.isError) reference.refetch();
          }}
          retrying={account.isFetching || reference.isFetching}
        />
      </Page>
    );
  }
  return <WizardFlow role={role} account={account.data} reference={reference.data} />;
}
