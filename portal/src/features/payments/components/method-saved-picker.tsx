import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { ErrorAlert } from '../../../components/error-alert/error-alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  PAYMENT_CARD_TYPE_NAMES,
  fillPlaceholders,
  paymentOfMethodWording,
  scheduleWordingTextsOf,
  showsSetAsDefault,
  type PaymentOfMethod,
  type SavedPaymentMethod,
} from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useConfirm } from '../../../components/dialogs/confirm-dialog';
import { NativeSelectField } from '../../../components/form-fields/native-select-field';
import { useSettings } from '../../../lib/settings/settings-context';
import {
  deleteSavedPaymentMethod,
  paymentMethodsQuery,
  paymentsOfMethod,
  removeDefaultPaymentMethod,
  setDefaultPaymentMethod,
} from '../api/payment-methods';
import {
  profileIdOf,
  sameSavedMethod,
  savedLastFour,
  type ChosenMethod,
} from '../utils/chosen-method';
import { paymentKeys } from '../../../lib/payments/payment-info';

/** Section 9: the delete status shows for 5 seconds. */
export const DELETE_STATUS_MS = 5000;

function methodLabel(settings: ReturnType<typeof useSettings>, method: SavedPaymentMethod) {
  const lastFour = savedLastFour(method);
  return method.IsCard
    ? `${PAYMENT_CARD_TYPE_NAMES[method.CardInfo.CardType]} ${fillPlaceholders(settings.get('paymentTexts.defaultCardText'), { lastFour })}`
    : `${method.AchInfo.AccountType} ${fillPlaceholders(settings.get('paymentTexts.defaultAccountText'), { lastFour })}`;
}

/** What a saved method's delete and Set As Default did, and how to ask them. */
export interface SavedMethodActions {
  /** The delete's status, shown for DELETE_STATUS_MS. */
  status: { kind: 'success' | 'error'; text: string } | undefined;
  settingDefault: boolean;
  defaultError: boolean;
  remove(method: SavedPaymentMethod): Promise<void>;
  makeDefault(method: SavedPaymentMethod): Promise<void>;
}

/**
 * A saved method's delete (after the confirm dialog, which names the payments it cancels) and its
 * Set As Default, on the loan's methods as the query holds them.
 */
export function useSavedMethodActions(
  accountNumber: string,
  selected: SavedPaymentMethod | undefined,
  onChoose: (chosen: ChosenMethod | undefined) => void,
): SavedMethodActions {
  const settings = useSettings();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [status, setStatus] = useState<{ kind: 'success' | 'error'; text: string } | undefined>();
  const [settingDefault, setSettingDefault] = useState(false);
  const [defaultError, setDefaultError] = useState(false);

  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(undefined), DELETE_STATUS_MS);
    return () => clearTimeout(timer);
  }, [status]);

  async function remove(method: SavedPaymentMethod) {
    const warn = settings.get('paymentOptions.showDeletePaymentMethodWarningOption');
    // Issue 20 item 9: the dialog names the payments the deletion cancels, as the server
    // answers them now; when they cannot be read it says so (the warning's general words).
    let cancels: PaymentOfMethod[] | undefined;
    try {
      cancels = await paymentsOfMethod(method);
    } catch {
      cancels = undefined;
    }
    const agreed = await confirm({
      title: settings.get('paymentTexts.deleteMethodConfirmText'),
      text: warn ? <PaymentsTheDeleteCancels payments={cancels} /> : undefined,
      cancelText: settings.get('paymentTexts.deleteMethodCancelText'),
      confirmText: settings.get('paymentTexts.deleteMethodConfirmButtonText'),
    });
    if (!agreed) return;
    try {
      await deleteSavedPaymentMethod(method);
      if (selected && sameSavedMethod(selected, method)) onChoose(undefined);
      queryClient.setQueryData(paymentMethodsQuery(accountNumber).queryKey, (current) =>
        current
          ? {
              ...current,
              PaymentMethods: current.PaymentMethods.filter((m) => !sameSavedMethod(m, method)),
              DefaultPaymentMethod:
                current.DefaultPaymentMethod &&
                sameSavedMethod(current.DefaultPaymentMethod, method)
                  ? null
                  : current.DefaultPaymentMethod,
            }
          : current,
      );
      // The server cancels the scheduled and recurring payments the method was paying
      // (paymentTexts.deleteMethodWarningText): the loan's payment info is fetched again.
      void queryClient.invalidateQueries({ queryKey: paymentKeys.info(accountNumber) });
      setStatus({ kind: 'success', text: settings.get('paymentTexts.deleteMethodSuccessText') });
    } catch {
      setStatus({ kind: 'error', text: settings.get('paymentTexts.deleteMethodErrorText') });
    }
  }

  async function makeDefault(method: SavedPaymentMethod) {
    setSettingDefault(true);
    setDefaultError(false);
    try {
      await setDefaultPaymentMethod(accountNumber, method);
      queryClient.setQueryData(paymentMethodsQuery(accountNumber).queryKey, (current) =>
        current ? { ...current, DefaultPaymentMethod: method } : current,
      );
    } catch {
      setDefaultError(true);
    } finally {
      setSettingDefault(false);
    }
  }

  return { status, settingDefault, defaultError, remove, makeDefault };
}

/** The loan's default method, with its remove icon. */
export function DefaultMethodLine(props: {
  accountNumber: string;
  defaultMethod: SavedPaymentMethod;
}) {
  const settings = useSettings();
  const { defaultMethod } = props;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography>
        {defaultMethod.IsCard
          ? fillPlaceholders(settings.get('paymentTexts.defaultCardText'), {
              lastFour: defaultMethod.CardInfo.CardNumber,
            })
          : fillPlaceholders(settings.get('paymentTexts.defaultAccountText'), {
              lastFour: defaultMethod.AchInfo.AccountNumber,
            })}
      </Typography>
      <RemoveDefaultButton accountNumber={props.accountNumber} />
    </Stack>
  );
}

/**
 * The default method's remove icon. DELETE api/PaymentMethod/RemoveDefaultPaymentMethod; the
 * spec has a failure only logged, so nothing shows either way but the default's removal.
 */
function RemoveDefaultButton(props: { accountNumber: string }) {
  const settings = useSettings();
  const queryClient = useQueryClient();
  return (
    <IconButton
      aria-label={settings.get('paymentTexts.removeDefaultMethodLabel')}
      onClick={() =>
        void removeDefaultPaymentMethod(props.accountNumber)
          .then(() =>
            queryClient.setQueryData(
              paymentMethodsQuery(props.accountNumber).queryKey,
              (current) => (current ? { ...current, DefaultPaymentMethod: null } : current),
            ),
          )
          .catch((error: unknown) => console.warn('RemoveDefaultPaymentMethod failed', error))
      }
    >
      <DeleteOutlineIcon />
    </IconButton>
  );
}

/**
 * The saved methods of the chosen type: the select with the selected method's delete icon, Set As
 * Default, and the New payment method button.
 */
export function SavedMethodsPicker(props: {
  /** The saved methods of the chosen type. */
  ofType: SavedPaymentMethod[];
  selected: SavedPaymentMethod | undefined;
  useDefault: boolean;
  defaultMethod: SavedPaymentMethod | null;
  actions: SavedMethodActions;
  onChoose(chosen: ChosenMethod | undefined): void;
  canAddNew: boolean;
  addingNew: boolean;
  onAddNew(): void;
}) {
  const settings = useSettings();
  const { ofType, selected, actions } = props;
  return (
    <Stack spacing={1}>
      {ofType.length > 0 ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <NativeSelectField
            label={settings.get('paymentTexts.savedMethodsLabel')}
            value={selected ? profileIdOf(selected) : ''}
            onChange={(value) => {
              const method = ofType.find((m) => profileIdOf(m) === value);
              props.onChoose(method ? { kind: 'saved', method } : undefined);
            }}
          >
            <option value="" />
            {ofType.map((method) => (
              <option key={profileIdOf(method)} value={profileIdOf(method)}>
                {methodLabel(settings, method)}
              </option>
            ))}
          </NativeSelectField>
          {/* Decided: one delete button beside the select, for the selected method: a
              button inside a listbox option cannot be reached by keyboard or screen reader. */}
          {selected ? (
            <IconButton
              aria-label={fillPlaceholders(settings.get('paymentTexts.deleteSavedMethodLabel'), {
                method: methodLabel(settings, selected),
              })}
              onClick={() => void actions.remove(selected)}
            >
              <DeleteOutlineIcon />
            </IconButton>
          ) : null}
        </Stack>
      ) : null}
      {selected &&
      showsSetAsDefault({
        useDefaultPaymentMethodOption: props.useDefault,
        selected,
        defaultMethod: props.defaultMethod,
      }) ? (
        <div>
          <Button
            variant="outlined"
            loading={actions.settingDefault}
            onClick={() => void actions.makeDefault(selected)}
          >
            {settings.get('paymentTexts.setAsDefaultButtonText')}
          </Button>
        </div>
      ) : null}
      {actions.defaultError ? (
        <ErrorAlert>{settings.get('paymentTexts.setDefaultErrorText')}</ErrorAlert>
      ) : null}
      {props.canAddNew ? (
        <div>
          <Button variant="outlined" loading={props.addingNew} onClick={() => props.onAddNew()}>
            {settings.get('paymentTexts.newPaymentMethodButtonText')}
          </Button>
        </div>
      ) : null}
    </Stack>
  );
}

/**
 * The delete dialog's warning, naming the scheduled and recurring payments the deletion cancels
 * (issue 20 item 9), or saying there are none; the general warning (deleteMethodWarningText)
 * when they could not be read.
 */
function PaymentsTheDeleteCancels(props: { payments: PaymentOfMethod[] | undefined }): ReactNode {
  const settings = useSettings();
  const { payments } = props;
  if (payments === undefined) {
    return <Typography>{settings.get('paymentTexts.deleteMethodWarningText')}</Typography>;
  }
  if (payments.length === 0) {
    return <Typography>{settings.get('paymentTexts.deleteMethodNoPaymentsText')}</Typography>;
  }
  const texts = {
    scheduledItemText: settings.get('paymentTexts.deleteMethodScheduledItemText'),
    recurringItemText: settings.get('paymentTexts.deleteMethodRecurringItemText'),
    schedule: scheduleWordingTextsOf(settings),
  };
  return (
    <>
      <Typography id="delete-method-payments">
        {settings.get('paymentTexts.deleteMethodPaymentsText')}
      </Typography>
      <ul aria-labelledby="delete-method-payments">
        {payments.map((payment, index) => (
          <li key={index}>{paymentOfMethodWording(payment, texts)}</li>
        ))}
      </ul>
    </>
  );
}
