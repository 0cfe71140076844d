import type { AppModule } from '../../app-module';
import { paymentMethodsServiceOf } from '../payment-methods/payment-methods.module';
import { paymentsRoutes } from './payments.routes';
import { createPaymentsService } from './payments.service';

/** Payment info, the third-party fee, the six submit calls and the four delete calls. */
export const paymentsModule: AppModule = async ({ app, db, clock, services }) => {
  const settings = (institutionId: number) => services.institutions.settings(institutionId);
  await app.register(paymentsRoutes, {
    service: createPaymentsService({
      db,
      clock,
      core: services.core,
      dataProtector: services.dataProtector,
      settings,
      settlement: services.paymentPosting,
      achProcessor: services.achProcessor,
      routingDirectory: services.routingDirectory,
      // The saved-methods listing of GetPaymentInfo is the payment methods module's own.
      methods: paymentMethodsServiceOf({ db, clock, services }),
    }),
  });
};
