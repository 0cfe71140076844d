import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { PaymentType } from '@portal/domain';
import { useSettings } from '../../../lib/settings/settings-context';

const WALLETS = [
  ['walletPaymentOptions.allowGooglePayOption', 'cardPaymentTexts.googlePayText'],
  ['walletPaymentOptions.allowApplePayOption', 'cardPaymentTexts.applePayText'],
  ['walletPaymentOptions.allowVenmoOption', 'cardPaymentTexts.venmoText'],
  ['walletPaymentOptions.allowPaypalOption', 'cardPaymentTexts.paypalText'],
] as const;

/**
 * The method step's type choice: the Card and E-Check radios the loan allows, and the wallets the
 * settings offer, disabled.
 */
export function PaymentTypeChoice(props: {
  paymentType: PaymentType | undefined;
  achAvailable: boolean;
  cardAvailable: boolean;
  onChoose(type: PaymentType): void;
}) {
  const settings = useSettings();
  const typeOptions: { value: PaymentType; label: string; available: boolean }[] = [
    {
      value: 'Card',
      label: settings.get('cardPaymentTexts.cardOptionText'),
      available: props.cardAvailable,
    },
    {
      value: 'ACH',
      label: settings.get('achPaymentTexts.eCheckOptionText'),
      available: props.achAvailable,
    },
  ];
  const wallets = props.cardAvailable ? WALLETS.filter(([option]) => settings.get(option)) : [];

  return (
    <FormControl>
      <FormLabel id="payment-type-label">
        {settings.get('paymentTexts.paymentTypeHeadingText')}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby="payment-type-label"
        value={props.paymentType ?? ''}
        onChange={(event) => props.onChoose(event.target.value === 'Card' ? 'Card' : 'ACH')}
      >
        {typeOptions
          .filter((option) => option.available)
          .map((option) => (
            <FormControlLabel
              key={option.value}
              value={option.value}
              control={<Radio />}
              label={option.label}
            />
          ))}
        {wallets.map(([option, text]) => (
          <FormControlLabel
            key={option}
            value={option}
            disabled
            control={<Radio slotProps={{ input: { 'aria-describedby': 'wallet-note' } }} />}
            label={settings.get(text)}
          />
        ))}
      </RadioGroup>
      {/* Decided: no wallet provider (Google Pay, Apple Pay, Venmo, PayPal merchant) is reachable
          from this product, so a wallet the settings turn on shows as a disabled choice with
          this note rather than a choice that cannot complete. */}
      {wallets.length > 0 ? (
        <FormHelperText id="wallet-note">
          {settings.get('cardPaymentTexts.walletUnavailableText')}
        </FormHelperText>
      ) : null}
    </FormControl>
  );
}
