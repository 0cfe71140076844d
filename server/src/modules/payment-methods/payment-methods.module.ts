import type { AppModule } from '../../app-module';
import { paymentMethodsRoutes } from './payment-methods.routes';
import { createPaymentMethodsService } from './payment-methods.service';

/** The borrower's saved payment methods, their default per loan, and the routing lookup. */
export const paymentMethodsModule: AppModule = async ({ app, db, clock, services }) => {
  await app.register(paymentMethodsRoutes, {
    service: createPaymentMethodsService({
      db,
      clock,
      core: services.core,
      settings: (institutionId) => services.institutions.settings(institutionId),
      cardProcessor: services.cardProcessor,
      achProcessor: services.achProcessor,
      routingDirectory: services.routingDirectory,
      dataProtector: services.dataProtector,
    }),
  });
};
