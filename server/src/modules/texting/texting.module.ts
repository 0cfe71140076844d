import type { PortalApp } from '../../plugins/portal-app';
import { textingRoutes } from './texting.routes';
import type { TextingService } from './texting.service';

/** Text subscriptions (POST /api/SolutionsByText/*). */
export async function textingModule(
  app: PortalApp,
  deps: { texting: TextingService },
): Promise<void> {
  await app.register(textingRoutes, { texting: deps.texting });
}
