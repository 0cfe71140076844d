import type { LoginResponse } from '@portal/domain';

/** The biometric fields every step answer carries (ValidateCode, ResetPassword and the others). */
interface StepBiometrics {
  BiometricsToken: string;
  BiometricsTokenExpiration: string | null;
}

/**
 * What a step's answer adds to the sign-in for the mobile app: the biometric token, with its
 * expiry, that the server grants to the call completing the last step of a sign-in that carried a
 * deviceId. An answer without a token changes nothing, so the grant is never half-replaced.
 */
export function biometricsGrantOf(
  answer: StepBiometrics,
): Pick<Partial<LoginResponse>, 'BiometricsToken' | 'BiometricsTokenExpiration'> {
  return answer.BiometricsToken
    ? {
        BiometricsToken: answer.BiometricsToken,
        BiometricsTokenExpiration: answer.BiometricsTokenExpiration,
      }
    : {};
}
