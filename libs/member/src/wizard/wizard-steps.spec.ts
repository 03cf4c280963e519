import { canSkip, forwardLabel, nextStep, previousStep, resumeStep, stepTitle, wizardStepsFor } from './wizard-steps';

describe('setup wizard navigation', () => {
  const athlete = wizardStepsFor(12);

  it('takes the steps from WIZARD_STEPS per role', () => {
    expect(athlete).toEqual(['profile', 'survey', 'socials', 'services', 'video']);
    expect(wizardStepsFor(11)).toEqual(['profile', 'survey']);
    expect(wizardStepsFor(13)).toEqual(['profile']);
    expect(stepTitle('profile')).toBe('Setup profile');
    expect(stepTitle('video')).toBe('Setup Profile');
  });

  it('goes back a step, and logs out from the first', () => {
    expect(previousStep(athlete, 0)).toBe('logout');
    expect(previousStep(athlete, 3)).toBe(2);
  });

  it('goes forward, and submits from the last step', () => {
    expect(nextStep(athlete, 0)).toBe(1);
    expect(nextStep(athlete, 4)).toBe('submit');
    expect(nextStep(wizardStepsFor(13), 0)).toBe('submit');
  });

  it('labels the last button Submit and the socials step Save with Skip', () => {
    expect(forwardLabel(athlete, 0)).toBe('Next');
    expect(forwardLabel(athlete, 2)).toBe('Save');
    expect(canSkip(athlete, 2)).toBe(true);
    expect(canSkip(athlete, 1)).toBe(false);
    expect(forwardLabel(athlete, 4)).toBe('Submit');
    expect(forwardLabel(wizardStepsFor(11), 1)).toBe('Submit');
    expect(forwardLabel(wizardStepsFor(13), 0)).toBe('Submit');
  });

  it('resumes an athlete at the first unanswered step', () => {
    const none = { hasNamesAndPhoto: false, hasSurvey: false, hasLinks: false, hasServices: false };
    expect(resumeStep(athlete, none)).toBe(0);
    expect(resumeStep(athlete, { ...none, hasNamesAndPhoto: true })).toBe(1);
    expect(resumeStep(athlete, { ...none, hasNamesAndPhoto: true, hasSurvey: true })).toBe(2);
    expect(resumeStep(athlete, { ...none, hasNamesAndPhoto: true, hasSurvey: true, hasLinks: true })).toBe(3);
    expect(resumeStep(athlete, { hasNamesAndPhoto: true, hasSurvey: true, hasLinks: false, hasServices: true })).toBe(4);
  });
});
