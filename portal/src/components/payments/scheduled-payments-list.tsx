import Alert from '@mui/material/Alert';
import type { ScheduledPaymentInfo } from '@portal/domain';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSettings } from '../../lib/settings/settings-context';

/**
 * The heading, the table and the deletion load with the first scheduled payment to show: most
 * loans have none, and the payment page's first download leaves them out then.
 */
const ScheduledPaymentsTable = lazy(() => import('./scheduled-payments-table'));

export interface ScheduledPaymentsListProps {
  /** The loan's account number, sent with a deletion. */
  accountNumber: string;
  payments: readonly ScheduledPaymentInfo[];
  /** Called after a scheduled payment has been deleted (the parent drops it or refetches). */
  onDeleted: () => void;
  /**
   * Where the list shows. On the payment page (the default) the setting
   * paymentOptions.hideScheduledPaymentsListOption hides it; the loan page applies its own option
   * (loanDetailsOptions.hideScheduledPaymentsOption).
   */
  placement?: 'paymentPage' | 'loanDetails';
}

/**
 * The loan's scheduled payments (spec 001 "Scheduled payment list"): Type (an ACH or card icon
 * named for assistive technology), Account/Card (last digits), Payment Day, Amount and a delete
 * column, whose icon asks 'Are you sure you want to delete this scheduled payment?'. A payment
 * the server marks not deletable, one already posted, or all of them when the setting forbids,
 * show 'Cannot delete scheduled payment.' instead. Hidden when empty.
 */
export function ScheduledPaymentsList(props: ScheduledPaymentsListProps) {
  const { accountNumber, payments, onDeleted } = props;
  const settings = useSettings();
  const sectionRef = useRef<HTMLElement>(null);
  const noteRef = useRef<HTMLDivElement>(null);
  // After a deletion: the success note, and where focus goes once the dialog has closed.
  const [deleted, setDeleted] = useState<{ focus: string | undefined; round: number }>();

  // The dialog gives focus back to the row's delete button, which is gone with its row: focus
  // goes to the next row's delete button (the previous one after the last row), else to the
  // list's heading, or to the note when the list is gone. Passive effects run after the
  // dialog's focus trap has let go (its clean-up runs first), so this one wins.
  useEffect(() => {
    if (!deleted) return;
    const section = sectionRef.current;
    const button = deleted.focus
      ? [...(section?.querySelectorAll<HTMLElement>('[data-scheduled-payment]') ?? [])].find(
          (element) => element.dataset.scheduledPayment === deleted.focus,
        )
      : undefined;
    (button ?? section?.querySelector<HTMLElement>('h2') ?? noteRef.current)?.focus();
  }, [deleted]);

  const hidden =
    (props.placement ?? 'paymentPage') === 'paymentPage' &&
    settings.get('paymentOptions.hideScheduledPaymentsListOption');
  if (hidden) return null;
  // Announced to screen readers (role status): the region is there before its text is.
  const note = (
    <div role="status" ref={noteRef} tabIndex={deleted && payments.length === 0 ? -1 : undefined}>
      {deleted ? (
        <Alert severity="success" sx={{ mb: 1 }}>
          {settings.get('recurringPaymentTexts.deleteScheduledSuccessText')}
        </Alert>
      ) : null}
    </div>
  );
  if (payments.length === 0) return <>{note}</>;

  // The note stays the same element (before the list) when the last row goes.
  return (
    <>
      {note}
      <Suspense fallback={null}>
        <ScheduledPaymentsTable
          accountNumber={accountNumber}
          payments={payments}
          sectionRef={sectionRef}
          onDeleted={(focus) => {
            setDeleted((current) => ({ focus, round: (current?.round ?? 0) + 1 }));
            onDeleted();
          }}
        />
      </Suspense>
    </>
  );
}
