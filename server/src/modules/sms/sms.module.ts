import type { PortalApp } from '../../plugins/portal-app';
import { phoneRoutes } from './phone.routes';
import type { SmsService } from './sms.service';

/** In demo mode only: the demo phone that shows every sent text and lets a number reply. */
export async function smsModule(
  app: PortalApp,
  deps: { sms: SmsService; demoMode: boolean },
): Promise<void> {
  if (deps.demoMode) await app.register(phoneRoutes, { sms: deps.sms });
}
