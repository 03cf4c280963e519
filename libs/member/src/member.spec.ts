import { emptyRequestsText, requestTabOf } from './request-tabs';
import { setupButtonLabel, setupStepsFor } from './setup-steps';

describe('requests tabs', () => {
  it('keeps the tab from the URL and defaults to Pending', () => {
    expect(requestTabOf('finished')).toBe('finished');
    expect(requestTabOf(null)).toBe('pending');
    expect(requestTabOf('archived')).toBe('pending');
  });

  it('gives each tab its own empty text', () => {
    expect(emptyRequestsText('pending')).toBe('No pending requests yet');
    expect(emptyRequestsText('accepted')).toBe('No accepted requests yet');
    expect(emptyRequestsText('finished')).toBe('No finished requests yet');
  });
});

describe('profile-setup wizard', () => {
  it('starts every role with the photo step', () => {
    for (const role of [11, 12, 13] as const) expect(setupStepsFor(role)[0]?.title).toBe('Setup profile');
  });

  it('has the Services step second, for athletes only', () => {
    expect(setupStepsFor(12)[1]?.title).toBe('Services');
    expect(setupStepsFor(11).map((s) => s.title)).not.toContain('Services');
    expect(setupStepsFor(13).map((s) => s.title)).not.toContain('Services');
  });

  it('ends the athlete wizard with the video step and labels the last button Submit', () => {
    const steps = setupStepsFor(12);
    expect(steps[steps.length - 1]?.title).toBe('Setup Profile');
    expect(setupButtonLabel(0, steps.length)).toBe('Next');
    expect(setupButtonLabel(steps.length - 1, steps.length)).toBe('Submit');
  });
});
