import type { AppModule } from '../../app-module';
import { createPaymentMethodsService } from '../payment-methods/payment-methods.service';
import { paymentsRoutes } from './payments.routes';
import { createPaymentsService } from './payments.service';

/** Payment info, the third-party fee, the six submit calls and the four delete calls. */
export const paymentsModule: AppModule = async ({ app, db, clock, services }) => {
  const settings = (institutionId: number) => services.institutions.settings(institutionId);
  await app.register(paymentsRoutes, {
    db,
    dataProtector: services.dataProtector,
    service: createPaymentsService({
      db,
      clock,
      core: services.core,
      dataProtector: services.dataProtector,
      settings,
      settlement: services.paymentPosting,
      achProcessor: services.achProcessor,
      routingDirectory: services.routingDirectory,
    }),
    // The saved-methods listing of GetPaymentInfo is the payment methods module's own.
    methods: createPaymentMethodsService({
      db,
      clock,
      core: services.core,
      settings,
      cardProcessor: services.cardProcessor,
      achProcessor: services.achProcessor,
      routingDirectory: services.routingDirectory,
      dataProtector: services.dataProtector,
    }),
  });
};
