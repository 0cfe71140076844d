import type { AppModule, ModuleContext } from '../../app-module';
import { paymentMethodsRoutes } from './payment-methods.routes';
import { createPaymentMethodsService, type PaymentMethodsService } from './payment-methods.service';

/**
 * The saved-methods service on the app's shared services: this module's routes use it, and so do
 * the payments module (GetPaymentInfo's listing) and the accounts module (the loan's default).
 */
export function paymentMethodsServiceOf({
  db,
  clock,
  services,
}: Pick<ModuleContext, 'db' | 'clock' | 'services'>): PaymentMethodsService {
  return createPaymentMethodsService({
    db,
    clock,
    core: services.core,
    settings: (institutionId) => services.institutions.settings(institutionId),
    cardProcessor: services.cardProcessor,
    achProcessor: services.achProcessor,
    routingDirectory: services.routingDirectory,
    dataProtector: services.dataProtector,
  });
}

/** The borrower's saved payment methods, their default per loan, and the routing lookup. */
export const paymentMethodsModule: AppModule = async (context) => {
  await context.app.register(paymentMethodsRoutes, { service: paymentMethodsServiceOf(context) });
};
