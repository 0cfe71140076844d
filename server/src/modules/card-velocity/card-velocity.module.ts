import type { PortalApp } from '../../plugins/portal-app';
import { cardVelocityHooks } from './card-velocity.routes';
import type { CardVelocityService } from './card-velocity.service';

/**
 * The card testing guard (card-velocity.service.ts): registered before the payment modules, its
 * hooks hold for their card calls (CARD_ATTEMPT_PATHS).
 */
export async function cardVelocityModule(
  app: PortalApp,
  deps: { cardVelocity: CardVelocityService },
): Promise<void> {
  await app.register(cardVelocityHooks, { service: deps.cardVelocity });
}
