import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { fillPlaceholders, formatUsd, formatUsDate } from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import { useCallback } from 'react';
import type { DataTableColumn } from '../data-table/data-table-column';
import { useDialogStack } from '../dialogs/dialog-stack';
import { PaymentDetailsDialog } from './payment-details-dialog';

/*
 * What the loan's payment lists share (the scheduled payments, the recent payments, the returned
 * payments' notices): a payment's method icon, its date, amount and details columns, and the
 * opening of its details. One place, so the lists read and name a payment the same way.
 */

/** What every listed payment has. */
export interface ListedPayment {
  EncryptedString: string;
  IsCard: boolean;
  PaymentDate: string;
  /** Integer cents. */
  PaymentAmount: number;
}

/** The card or bank icon, named for assistive technology by the method's setting. */
export function MethodIcon(props: { isCard: boolean; settings: SettingsAccessor }) {
  const name = props.isCard
    ? props.settings.get('cardPaymentTexts.cardOptionText')
    : props.settings.get('achPaymentTexts.eCheckOptionText');
  return (
    <Box
      component="span"
      role="img"
      aria-label={name}
      sx={{ display: 'inline-flex', verticalAlign: 'middle' }}
    >
      {props.isCard ? (
        <CreditCardIcon fontSize="small" aria-hidden />
      ) : (
        <AccountBalanceIcon fontSize="small" aria-hidden />
      )}
    </Box>
  );
}

/** Opens a listed payment's details (its status and timeline). */
export function useShowPaymentDetails(accountNumber: string) {
  const dialogs = useDialogStack();
  return useCallback(
    (handle: string) =>
      void dialogs.open<true>((close) => (
        <PaymentDetailsDialog
          handle={handle}
          accountNumber={accountNumber}
          onClose={() => close(true)}
        />
      )).result,
    [dialogs, accountNumber],
  );
}

/** The details button's name for screen readers: the payment's amount and date. */
export function detailsButtonLabel(settings: SettingsAccessor, payment: ListedPayment): string {
  return fillPlaceholders(settings.get('recurringPaymentTexts.scheduledDetailsButtonLabel'), {
    amount: formatUsd(payment.PaymentAmount),
    date: formatUsDate(payment.PaymentDate),
  });
}

/**
 * The details buttons' names of a list's payments, by handle: `detailsButtonLabel`, and where
 * several payments of the list share it (the same amount on the same date) their position among
 * them too, so no two buttons of the list are named alike.
 */
export function detailsButtonLabels(
  settings: SettingsAccessor,
  payments: readonly ListedPayment[],
): Map<string, string> {
  const named = payments.map((payment) => ({
    handle: payment.EncryptedString,
    label: detailsButtonLabel(settings, payment),
  }));
  const counts = new Map<string, number>();
  for (const { label } of named) counts.set(label, (counts.get(label) ?? 0) + 1);
  const seen = new Map<string, number>();
  const labels = new Map<string, string>();
  for (const { handle, label } of named) {
    const count = counts.get(label) ?? 1;
    if (count === 1) {
      labels.set(handle, label);
      continue;
    }
    const position = (seen.get(label) ?? 0) + 1;
    seen.set(label, position);
    labels.set(
      handle,
      fillPlaceholders(settings.get('recurringPaymentTexts.scheduledDetailsButtonRepeatLabel'), {
        label,
        position: String(position),
        count: String(count),
      }),
    );
  }
  return labels;
}

/**
 * The Payment Day, Amount and Details columns of a payment list; `payments` are the list's rows
 * (the details buttons are named apart: `detailsButtonLabels`).
 */
export function paymentListColumns<Row extends ListedPayment>(
  settings: SettingsAccessor,
  showDetails: (handle: string) => void,
  payments: readonly Row[],
): Record<'date' | 'amount' | 'details', DataTableColumn<Row>> {
  const labels = detailsButtonLabels(settings, payments);
  return {
    date: {
      id: 'date',
      header: settings.get('recurringPaymentTexts.scheduledDateColumnText'),
      type: 'date',
      sortable: false,
      getValue: (payment) => payment.PaymentDate.slice(0, 10),
      renderCell: (payment) => formatUsDate(payment.PaymentDate),
    },
    amount: {
      id: 'amount',
      header: settings.get('recurringPaymentTexts.scheduledAmountColumnText'),
      type: 'number',
      sortable: false,
      getValue: (payment) => payment.PaymentAmount,
      renderCell: (payment) => formatUsd(payment.PaymentAmount),
    },
    // Not in the specs (issue 24): the payment's status and what happened to it when.
    details: {
      id: 'details',
      header: settings.get('recurringPaymentTexts.scheduledDetailsColumnText'),
      type: 'string',
      sortable: false,
      getValue: () => '',
      renderCell: (payment) => (
        <Button
          size="small"
          aria-label={labels.get(payment.EncryptedString) ?? detailsButtonLabel(settings, payment)}
          onClick={() => showDetails(payment.EncryptedString)}
        >
          {settings.get('recurringPaymentTexts.scheduledDetailsButtonText')}
        </Button>
      ),
    },
  };
}
