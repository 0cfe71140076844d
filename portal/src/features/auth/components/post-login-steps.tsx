import type { LoginResponse, PostLoginStep } from '@portal/domain';
import { useState, type ReactNode } from 'react';
import { isMaintenanceModeOn } from '../../../lib/session/get-maintenance-mode';
import { AgreementsStep } from './steps/agreements-step';
import { ChangePasswordStep } from './steps/change-password-step';
import { SecretQuestionStep } from './steps/secret-question-step';
import { SecurityCodeStep } from './steps/security-code-step';
import type { StepProps } from './steps/step-props';
import { ValidateSsnStep } from './steps/validate-ssn-step';

const STEP_COMPONENTS: Readonly<Record<PostLoginStep, (props: StepProps) => ReactNode>> = {
  securityCode: SecurityCodeStep,
  validateSSN: ValidateSsnStep,
  changePassword: ChangePasswordStep,
  setupSecretQuestion: SecretQuestionStep,
  agreements: AgreementsStep,
};

interface PostLoginStepsProps {
  response: LoginResponse;
  password?: string;
  steps: readonly PostLoginStep[];
  /** Every step is done: the sign-in with what the steps added. */
  onComplete(response: LoginResponse): void;
  /** The user cancelled a step. */
  onCancel(): void;
  /** Maintenance mode is on, or the check failed. */
  onMaintenance(): void;
}

/**
 * The post-login steps of spec 000 sections 2.5 and 4, one at a time in queue order. After each
 * step `GET /api/MaintenanceMode` decides: on (or failing) cancels the sign-in with the offline
 * error, otherwise the next step starts, or the sign-in completes after the last.
 */
export function PostLoginSteps(props: PostLoginStepsProps) {
  const { steps, password, onComplete, onCancel, onMaintenance } = props;
  const [index, setIndex] = useState(0);
  const [response, setResponse] = useState(props.response);
  const [advancing, setAdvancing] = useState(false);

  async function stepDone(update: Partial<LoginResponse> = {}) {
    const next = { ...response, ...update };
    setResponse(next);
    setAdvancing(true);
    let maintenance: boolean;
    try {
      maintenance = await isMaintenanceModeOn();
    } catch {
      maintenance = true;
    }
    setAdvancing(false);
    if (maintenance) onMaintenance();
    else if (index + 1 < steps.length) setIndex(index + 1);
    else onComplete(next);
  }

  const step = steps[index];
  if (!step) return null;
  const Step = STEP_COMPONENTS[step];
  return (
    <Step
      key={step}
      response={response}
      password={password}
      advancing={advancing}
      onDone={(update) => void stepDone(update)}
      onCancel={onCancel}
    />
  );
}
