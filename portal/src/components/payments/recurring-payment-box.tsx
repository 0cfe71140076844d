import Alert from '@mui/material/Alert';
import type { RecurringPaymentInfo } from '@portal/domain';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSettings } from '../../lib/settings/settings-context';

/**
 * The box itself and its deletion load when there is a recurring payment to show: most loans
 * have none, and the payment page's first download leaves them out then.
 */
const RecurringPaymentDetails = lazy(() => import('./recurring-payment-details'));

export interface RecurringPaymentBoxProps {
  /** The loan's account number, sent with the deletion. */
  accountNumber: string;
  /**
   * The loan's recurring payment; null when it has none. A parent that keeps the box rendered
   * when the payment goes (null rather than unmounting it) shows the deletion's success note.
   */
  payment: RecurringPaymentInfo | null;
  /** "card" on the payment page, "table" on the loan page. */
  layout: 'card' | 'table';
  /** Called once the recurring payment has been deleted (the parent clears it). */
  onDeleted: () => void;
  /**
   * Where the box shows. On the payment page (the default) the setting
   * paymentOptions.hideRecurringPaymentInfoOption hides it; the loan page has its own option
   * (loanDetailsOptions.hideRecurringPaymentsOption), which the page applies.
   */
  placement?: 'paymentPage' | 'loanDetails';
}

/**
 * The loan's recurring payment (spec 001 "Recurring payment info box"): its schedule, amount,
 * additional principal (ACH only, when above 0) and the Account or Card Ending In digits, with a
 * delete icon that asks 'Are you sure you want to delete your recurring payment?'. When the server
 * or the settings forbid deleting it, the blocked text shows instead of the icon.
 */
export function RecurringPaymentBox(props: RecurringPaymentBoxProps) {
  const { accountNumber, payment, layout, onDeleted } = props;
  const settings = useSettings();
  const noteRef = useRef<HTMLDivElement>(null);
  const [deletedRound, setDeletedRound] = useState(0);

  // The box and its delete button are gone with the payment: focus goes to the success note
  // (not to the page's body). Passive effects run after the dialog's focus trap has let go.
  useEffect(() => {
    if (deletedRound > 0) noteRef.current?.focus();
  }, [deletedRound]);

  if (
    (props.placement ?? 'paymentPage') === 'paymentPage' &&
    settings.get('paymentOptions.hideRecurringPaymentInfoOption')
  ) {
    return null;
  }

  // Announced to screen readers (role status): the region is there before its text is, and it
  // stays the same element (the first child) when the box goes.
  const note = (
    <div role="status" ref={noteRef} tabIndex={deletedRound > 0 ? -1 : undefined}>
      {deletedRound > 0 ? (
        <Alert severity="success" sx={{ mb: 1 }}>
          {settings.get('recurringPaymentTexts.deleteRecurringSuccessText')}
        </Alert>
      ) : null}
    </div>
  );
  if (!payment) return <>{note}</>;

  return (
    <>
      {note}
      <Suspense fallback={null}>
        <RecurringPaymentDetails
          accountNumber={accountNumber}
          payment={payment}
          layout={layout}
          onDeleted={() => {
            setDeletedRound((round) => round + 1);
            onDeleted();
          }}
        />
      </Suspense>
    </>
  );
}
