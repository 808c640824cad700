import type { PendingStep } from '../../session/login-answer';
import { ForcedSetup } from './forced-setup';
import { SecondFactorForm } from './second-factor-form';

/** The screen after a right password when the sign-in is not over (docs/behaviour.md section 20). */
export function SecondStepScreen({ step, onBack }: { step: PendingStep; onBack: (notice?: string) => void }) {
  return step.kind === 'second-factor' ? (
    <SecondFactorForm mfaToken={step.mfaToken} methods={step.methods} onBack={onBack} />
  ) : (
    <ForcedSetup setupToken={step.setupToken} onBack={onBack} />
  );
}
