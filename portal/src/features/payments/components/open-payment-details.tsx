import { useCallback, useRef, useState, type ComponentProps } from 'react';
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

/**
 * Opens the Payment Details modal; resolves with the chosen method, or undefined on Cancel.
 *
 * One at a time (issue 20 item 16): the modal's code may still be downloading when the borrower
 * clicks New payment method again (1.5 s on a slow phone), and nothing showed yet to take that
 * click. While one is loading or open, another request answers undefined at once and opens
 * nothing; `opening` says the modal is on its way, for the button to show it is busy.
 */
export function useOpenPaymentDetails() {
  const dialogs = useDialogStack();
  // A ref, not state: two clicks in one turn of the event loop both see the first one.
  const busy = useRef(false);
  const [opening, setOpening] = useState(false);
  const open = useCallback(
    async (props: PaymentDetailsProps): Promise<ChosenMethod | undefined> => {
      if (busy.current) return undefined;
      busy.current = true;
      // The button that asked: it is busy (disabled) while the modal's code loads, which drops
      // the focus, and focus returns to it when the modal closes.
      const opener = document.activeElement;
      setOpening(true);
      try {
        const { PaymentDetailsDialog } = await loadPaymentDetails();
        setOpening(false);
        return await dialogs.open<ChosenMethod | undefined>(
          (close) => <PaymentDetailsDialog {...props} onClose={close} />,
          // Escape is the modal's own: it asks first when something was typed (item 7).
          { dismissible: false, opener },
        ).result;
      } finally {
        busy.current = false;
        setOpening(false);
      }
    },
    [dialogs],
  );
  return { open, opening };
}
