import type { IncompleteRoleCode } from '@huddle/domain';

export interface SetupStep {
  title: string;
  description: string;
}

const PHOTO: SetupStep = { title: 'Setup profile', description: 'Your name and profile photo.' };

/**
 * The profile-setup wizard's steps per incomplete role (spec §2, §4): the photo step first,
 * 'Services' second and for athletes only, the video step titled 'Setup Profile'.
 */
const STEPS: Record<IncompleteRoleCode, readonly SetupStep[]> = {
  11: [PHOTO, { title: 'Your teams', description: 'The conferences, sports and teams you follow.' }],
  12: [
    PHOTO,
    { title: 'Services', description: 'The services you offer and their rates.' },
    { title: 'Sports and school', description: 'The sports you play and your school.' },
    { title: 'Social links', description: 'Where fans can follow you.' },
    { title: 'Setup Profile', description: 'A short intro video for your profile.' },
  ],
  13: [PHOTO, { title: 'Your business', description: 'Company details shown to athletes.' }],
};

export function setupStepsFor(role: IncompleteRoleCode): readonly SetupStep[] {
  return STEPS[role];
}

/** The wizard's forward button: 'Next', and 'Submit' on the last step. */
export function setupButtonLabel(step: number, count: number): string {
  return step >= count - 1 ? 'Submit' : 'Next';
}
