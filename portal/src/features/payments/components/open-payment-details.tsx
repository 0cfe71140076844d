import type { ComponentProps } from 'react';
import { useDialogStack } from '../../../components/dialogs/dialog-stack';
import { preloadPortalDialog } from '../../../components/dialogs/portal-dialog';
import type { ChosenMethod } from '../utils/chosen-method';
import type { PaymentDetailsDialog } from './payment-details-dialog';

type PaymentDetailsProps = Omit<ComponentProps<typeof PaymentDetailsDialog>, 'onClose'>;

const loadPaymentDetails = () => import('./payment-details-dialog');

/**
 * Starts loading the Payment Details modal (the new card and bank account forms, and the dialog
 * code it opens in) before it is needed: once the borrower picks a payment type. The modal is not
 * part of the payment page's first download: most payments use a saved method.
 */
export function preloadPaymentDetails(): void {
  void loadPaymentDetails();
  void preloadPortalDialog().catch(() => undefined);
}

/** Opens the Payment Details modal; resolves with the chosen method, or undefined on Cancel. */
export function useOpenPaymentDetails() {
  const dialogs = useDialogStack();
  return async (props: PaymentDetailsProps): Promise<ChosenMethod | undefined> => {
    const { PaymentDetailsDialog } = await loadPaymentDetails();
    return dialogs.open<ChosenMethod | undefined>(
      (close) => <PaymentDetailsDialog {...props} onClose={close} />,
      { dismissible: false },
    ).result;
  };
}
