import type { PortalApp } from '../app';
import { publishSettingsChange } from './settings';

/**
 * For suites that test payments, not the card testing guard: they make dozens of card calls in
 * one session, far past the guard's hourly limits, so the limits are raised to their maximum at
 * `host`. The guard itself is tested in modules/card-velocity.
 */
export async function allowManyCardAttempts(app: PortalApp, host = 'localhost'): Promise<void> {
  await publishSettingsChange(app, host, {
    shared: {
      securityPolicyOptions: {
        cardAttemptsPerHourPerUser: '1000',
        cardAttemptsPerHourPerSession: '1000',
        cardAttemptsPerHourPerIp: '10000',
        cardDeclinesBeforePause: '100',
      },
    },
  });
}
