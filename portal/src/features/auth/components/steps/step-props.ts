import type { LoginResponse } from '@portal/domain';

/** What each post-login step gets from the steps queue. */
export interface StepProps {
  /** The sign-in answer, with what earlier steps added (the session token of the code step). */
  response: LoginResponse;
  /** The password typed at sign-in, in memory only (the SSN step sends it again). */
  password?: string;
  /** The maintenance check after the previous step is running. */
  advancing: boolean;
  /** The step is done; `update` carries what its answer changed in the sign-in. */
  onDone(update?: Partial<LoginResponse>): void;
  onCancel(): void;
}
