import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { memo, useId } from 'react';
import { Controller, type UseFormReturn, useFormState } from 'react-hook-form';
import { InputField } from '../../../components/masked-input/input-field';
import { ControlledMaskedInput } from '../../../components/masked-input/controlled-masked-input';
import { MaskedInput } from '../../../components/masked-input/masked-input';
import {
  accountNumberDescription,
  DATE_OF_BIRTH_MASK,
  MASK_DESCRIPTIONS,
  PHONE_MASK,
  ssnDescription,
  ZIP_MASK,
} from '../../../components/masked-input/masks';
import { SecretInput } from '../../../components/masked-input/secret-input';
import { LazyRichText } from '../../../components/lazy-rich-text';
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
  const { control, register, setValue, getFieldState, trigger } = form;
  // Its own subscription to the errors: the section re-renders when they change, not with every
  // keystroke the page re-renders for (memo below).
  const { errors } = useFormState({ control });
  const accountTypeLabelId = useId();
  const accountTypeErrorId = useId();
  const info = settings.get('registrationTexts.infoRichText');
  const { ref: lastNameRef, ...lastName } = register('lastName');
  const { ref: firstNameRef, ...firstName } = register('firstName');
  const { ref: middleNameRef, ...middleName } = register('middleName');
  const { ref: emailRef, ...email } = register('email');
  const { ref: ssnRef, ...ssn } = register('ssn');

  return (
    <>
      {info.trim() ? <LazyRichText html={info} /> : null}
      {config.accountTypeChoice ? (
        <Controller
          control={control}
          name="accountType"
          render={({ field }) => (
            <FormControl error={Boolean(errors.accountType)} required>
              <FormLabel id={accountTypeLabelId}>{ACCOUNT_TYPE_LABEL}</FormLabel>
              <RadioGroup
                row
                name={field.name}
                value={field.value}
                aria-labelledby={accountTypeLabelId}
                aria-describedby={errors.accountType ? accountTypeErrorId : undefined}
                onBlur={field.onBlur}
                onChange={(event) => {
                  field.onChange(event.target.value);
                  // A new type means a new mask: the number starts over.
                  setValue('accountNumber', '', {
                    shouldValidate: getFieldState('accountNumber').isTouched,
                  });
                }}
              >
                <FormControlLabel
                  value="Deposit"
                  control={<Radio />}
                  label={settings.get('registrationTexts.depositAccountTypeText')}
                />
                <FormControlLabel
                  value="Loan"
                  control={<Radio />}
                  label={settings.get('registrationTexts.loanAccountTypeText')}
                />
              </RadioGroup>
              {errors.accountType ? (
                <FormHelperText id={accountTypeErrorId} role="alert">
                  {errors.accountType.message}
                </FormHelperText>
              ) : null}
            </FormControl>
          )}
        />
      ) : null}
      {config.accountNumberRequired ? (
        <Controller
          control={control}
          name="accountNumber"
          render={({ field: { ref, onChange, value, onBlur, name }, fieldState }) => (
            <MaskedInput
              name={name}
              value={value}
              onBlur={onBlur}
              inputRef={ref}
              onValueChange={(next) => {
                onChange(next);
                if (fieldState.isTouched) void trigger('accountNumber');
              }}
              mask={accountNumberMask}
              label={settings.get('registrationTexts.accountNumberPlaceholder')}
              description={
                accountNumberMask ? accountNumberDescription(accountNumberMask) : undefined
              }
              disabled={accountType === ''}
              required
              errorMessage={errors.accountNumber?.message}
            />
          )}
        />
      ) : null}
      {config.show.firstName ? (
        <InputField
          {...firstName}
          inputRef={firstNameRef}
          label={settings.get('registrationTexts.firstNamePlaceholder')}
          autoComplete="given-name"
          required
          errorMessage={errors.firstName?.message}
        />
      ) : null}
      {config.show.middleName ? (
        <InputField
          {...middleName}
          inputRef={middleNameRef}
          label={settings.get('registrationTexts.middleNamePlaceholder')}
          autoComplete="additional-name"
        />
      ) : null}
      <InputField
        {...lastName}
        inputRef={lastNameRef}
        label={settings.get('registrationTexts.lastNamePlaceholder')}
        autoComplete="family-name"
        required
        errorMessage={errors.lastName?.message}
      />
      <InputField
        {...email}
        inputRef={emailRef}
        type="email"
        label={settings.get('registrationTexts.emailPlaceholder')}
        autoComplete="email"
        required
        errorMessage={errors.email?.message}
      />
      <SecretInput
        {...ssn}
        inputRef={ssnRef}
        label={settings.get('registrationTexts.ssnPlaceholder')}
        description={ssnDescription(config.ssnDigits)}
        digitsOnly
        maxDigits={9}
        autoComplete="off"
        required
        errorMessage={errors.ssn?.message}
      />
      {config.show.dateOfBirth ? (
        <ControlledMaskedInput
          control={control}
          name="dateOfBirth"
          mask={DATE_OF_BIRTH_MASK}
          label={settings.get('registrationTexts.dateOfBirthPlaceholder')}
          description={MASK_DESCRIPTIONS.dateOfBirth}
          autoComplete="bday"
          required
          errorMessage={errors.dateOfBirth?.message}
        />
      ) : null}
      {config.show.zipCode ? (
        <ControlledMaskedInput
          control={control}
          name="zipCode"
          mask={ZIP_MASK}
          label={settings.get('registrationTexts.zipCodePlaceholder')}
          description={MASK_DESCRIPTIONS.zip}
          autoComplete="postal-code"
          required
          errorMessage={errors.zipCode?.message}
        />
      ) : null}
      {config.show.phone ? (
        <ControlledMaskedInput
          control={control}
          name="phone"
          mask={PHONE_MASK}
          label={settings.get('registrationTexts.phoneNumberPlaceholder')}
          description={MASK_DESCRIPTIONS.phone}
          autoComplete="tel-national"
          required
          errorMessage={errors.phone?.message}
        />
      ) : null}
    </>
  );
}

/** Memoised: its props are stable (the form object, the memoised config, strings). */
export const PersonalInfoFields = memo(PersonalInfoFieldsView);
