import { baseUserType, WIZARD_STEP_TITLES, WIZARD_STEPS, type IncompleteRoleCode, type WizardStep } from '@huddle/domain';

/** The wizard's steps for an incomplete role (spec §4: profile, survey, socials, services, video). */
export function wizardStepsFor(role: IncompleteRoleCode): readonly WizardStep[] {
  const userType = baseUserType(role);
  if (userType === null || userType === 4) return ['profile'];
  return WIZARD_STEPS[userType];
}

export function stepTitle(step: WizardStep): string {
  return WIZARD_STEP_TITLES[step];
}

/** Where the back arrow leads: the previous step, or logging out on the first (spec §2). */
export function previousStep(steps: readonly WizardStep[], index: number): number | 'logout' {
  return index <= 0 ? 'logout' : Math.min(index, steps.length) - 1;
}

/** Where the forward button leads: the next step, or the role's finish-registration on the last. */
export function nextStep(steps: readonly WizardStep[], index: number): number | 'submit' {
  return index >= steps.length - 1 ? 'submit' : index + 1;
}

export function isLastStep(steps: readonly WizardStep[], index: number): boolean {
  return index >= steps.length - 1;
}

/** The forward button: 'Submit' on the last step (spec §2), 'Save' on the socials step (with Skip), else 'Next'. */
export function forwardLabel(steps: readonly WizardStep[], index: number): string {
  if (isLastStep(steps, index)) return 'Submit';
  return steps[index] === 'socials' ? 'Save' : 'Next';
}

/** The socials step may be skipped (spec §2: Save and Skip); no other step may. */
export function canSkip(steps: readonly WizardStep[], index: number): boolean {
  return steps[index] === 'socials' && !isLastStep(steps, index);
}

export interface ResumeFacts {
  hasNamesAndPhoto: boolean;
  hasSurvey: boolean;
  hasLinks: boolean;
  hasServices: boolean;
}

/**
 * The step an athlete returns to after a reload: the first whose answers the saved progress
 * (POST /user/save-athlete-profile) lacks. Socials count as answered once services are, since
 * they may be skipped.
 */
export function resumeStep(steps: readonly WizardStep[], facts: ResumeFacts): number {
  const answered: Record<WizardStep, boolean> = {
    profile: facts.hasNamesAndPhoto,
    survey: facts.hasSurvey,
    socials: facts.hasLinks || facts.hasServices,
    services: facts.hasServices,
    video: false,
  };
  const index = steps.findIndex((step) => !answered[step]);
  return index === -1 ? steps.length - 1 : index;
}
