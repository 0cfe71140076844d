import type { PortalApp } from '../../plugins/portal-app';
import { paymentMethodsRoutes } from './payment-methods.routes';
import type { PaymentMethodsService } from './payment-methods.service';

/**
 * The borrower's saved payment methods, their default per loan, and the routing lookup. The
 * service is built by the root: the payments module (GetPaymentInfo's listing) and the accounts
 * module (the loan's default) use the same one.
 */
export async function paymentMethodsModule(
  app: PortalApp,
  deps: { paymentMethods: PaymentMethodsService },
): Promise<void> {
  await app.register(paymentMethodsRoutes, { service: deps.paymentMethods });
}
