import { useState } from 'react';
import { isIncomplete } from '@huddle/domain';
import { Button, Page, Placeholder, StepDots, useShell } from '@huddle/ui';
import { setupButtonLabel, setupStepsFor } from './setup-steps';

/**
 * /signup for incomplete profiles (spec §2): pagination dots, a back arrow that returns to the
 * previous step or logs out on the first, and a Log Out button.
 */
export function SetupWizard() {
  const { role, logout } = useShell();
  const [step, setStep] = useState(0);
  if (!isIncomplete(role)) return null;
  const steps = setupStepsFor(role);
  const current = steps[Math.min(step, steps.length - 1)];
  const last = step >= steps.length - 1;

  return (
    <Page
      title={current?.title ?? ''}
      subtitle={current?.description}
      width="narrow"
      onBack={() => (step === 0 ? logout() : setStep(step - 1))}
      actions={
        <Button variant="ghost" size="sm" onClick={logout}>
          Log Out
        </Button>
      }
    >
      <div className="hd-stack">
        <StepDots count={steps.length} active={step} />
        <Placeholder title={current?.title ?? ''}>{current?.description}</Placeholder>
        <Button block disabled={last} onClick={() => setStep(step + 1)}>
          {setupButtonLabel(step, steps.length)}
        </Button>
      </div>
    </Page>
  );
}
