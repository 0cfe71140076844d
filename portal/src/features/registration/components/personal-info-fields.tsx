import { LazyRichText } from '@portal/web-kit';
import { memo, useMemo } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import {
  FormMaskedField,
  FormPasswordField,
  FormRadioGroup,
  FormTextField,
} from '../../../components/form-fields';
import {
  accountNumberDescription,
  DATE_OF_BIRTH_MASK,
  MASK_DESCRIPTIONS,
  PHONE_MASK,
  ssnDescription,
  ZIP_MASK,
} from '../../../components/masked-input/masks';
import { useSettings } from '../../../lib/settings/settings-context';
import type { RegistrationConfig } from '../utils/registration-config';
import type { RegistrationValues } from '../utils/registration-form';

interface PersonalInfoFieldsProps {
  form: UseFormReturn<RegistrationValues>;
  config: RegistrationConfig;
  accountNumberMask: string | undefined;
  /** The chosen account type; the number stays disabled until there is one. */
  accountType: RegistrationValues['accountType'];
}

/** Title of the account type choice; not a setting (the schema has none). */
export const ACCOUNT_TYPE_LABEL = 'Account Type';

/**
 * The personal data of registration (spec 000 sections 2.9 and 5): account type and number, names,
 * e-mail, SSN (hidden with a reveal toggle), date of birth, zip and phone with their masks.
 */
function PersonalInfoFieldsView(props: PersonalInfoFieldsProps) {
  const { form, config, accountNumberMask, accountType } = props;
  const settings = useSettings();
  const { control, setValue, getFieldState, trigger } = form;
  // Each field reads its own state (the bound fields), so the section does not re-render with
  // every keystroke the page re-renders for (memo below), nor with every error of the form.
  const info = settings.get('registrationTexts.infoRichText');
  const accountTypes = useMemo(
    () => [
      { value: 'Deposit', label: settings.get('registrationTexts.depositAccountTypeText') },
      { value: 'Loan', label: settings.get('registrationTexts.loanAccountTypeText') },
    ],
    [settings],
  );

  return (
    <>
      {info.trim() ? <LazyRichText html={info} /> : null}
      {config.accountTypeChoice ? (
        <FormRadioGroup
          control={control}
          name="accountType"
          label={ACCOUNT_TYPE_LABEL}
          options={accountTypes}
          row
          required
          // A new type means a new mask: the number starts over.
          onValueChanged={() =>
            setValue('accountNumber', '', {
              shouldValidate: getFieldState('accountNumber').isTouched,
            })
          }
        />
      ) : null}
      {config.accountNumberRequired ? (
        <FormMaskedField
          control={control}
          name="accountNumber"
          onValueChanged={() => {
            if (getFieldState('accountNumber').isTouched) void trigger('accountNumber');
          }}
          mask={accountNumberMask}
          label={settings.get('registrationTexts.accountNumberPlaceholder')}
          description={accountNumberMask ? accountNumberDescription(accountNumberMask) : undefined}
          disabled={accountType === ''}
          required
        />
      ) : null}
      {config.show.firstName ? (
        <FormTextField
          control={control}
          name="firstName"
          label={settings.get('registrationTexts.firstNamePlaceholder')}
          autoComplete="given-name"
          required
        />
      ) : null}
      {config.show.middleName ? (
        <FormTextField
          control={control}
          name="middleName"
          label={settings.get('registrationTexts.middleNamePlaceholder')}
          autoComplete="additional-name"
        />
      ) : null}
      <FormTextField
        control={control}
        name="lastName"
        label={settings.get('registrationTexts.lastNamePlaceholder')}
        autoComplete="family-name"
        required
      />
      <FormTextField
        control={control}
        name="email"
        type="email"
        label={settings.get('registrationTexts.emailPlaceholder')}
        autoComplete="email"
        required
      />
      <FormPasswordField
        control={control}
        name="ssn"
        label={settings.get('registrationTexts.ssnPlaceholder')}
        description={ssnDescription(config.ssnDigits)}
        digitsOnly
        maxDigits={9}
        autoComplete="off"
        required
      />
      {config.show.dateOfBirth ? (
        <FormMaskedField
          control={control}
          name="dateOfBirth"
          mask={DATE_OF_BIRTH_MASK}
          label={settings.get('registrationTexts.dateOfBirthPlaceholder')}
          description={MASK_DESCRIPTIONS.dateOfBirth}
          autoComplete="bday"
          required
        />
      ) : null}
      {config.show.zipCode ? (
        <FormMaskedField
          control={control}
          name="zipCode"
          mask={ZIP_MASK}
          label={settings.get('registrationTexts.zipCodePlaceholder')}
          description={MASK_DESCRIPTIONS.zip}
          autoComplete="postal-code"
          required
        />
      ) : null}
      {config.show.phone ? (
        <FormMaskedField
          control={control}
          name="phone"
          mask={PHONE_MASK}
          label={settings.get('registrationTexts.phoneNumberPlaceholder')}
          description={MASK_DESCRIPTIONS.phone}
          autoComplete="tel-national"
          required
        />
      ) : null}
    </>
  );
}

/** Memoised: its props are stable (the form object, the memoised config, strings). */
export const PersonalInfoFields = memo(PersonalInfoFieldsView);
