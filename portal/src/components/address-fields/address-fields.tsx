import { ADDRESS_LIMITS, US_STATES, type AddressIssue } from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import { type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useSettings } from '../../lib/settings/settings-context';
import { FormSelectField, FormTextField } from '../form-fields';

/** The wording of each address mistake (spec 002 section 5, loan and profile address alike). */
export const ADDRESS_ISSUE_TEXTS = {
  address1Required: 'addressFormTexts.address1RequiredText',
  address1TooLong: 'addressFormTexts.address1TooLongText',
  cityRequired: 'addressFormTexts.cityRequiredText',
  cityTooLong: 'addressFormTexts.cityTooLongText',
  stateRequired: 'addressFormTexts.stateRequiredText',
  zipCodeRequired: 'addressFormTexts.zipCodeRequiredText',
  zipCodeInvalid: 'addressFormTexts.zipCodeInvalidText',
} as const satisfies Record<AddressIssue, string>;

export function addressIssueText(issue: AddressIssue, settings: SettingsAccessor): string {
  return settings.get(ADDRESS_ISSUE_TEXTS[issue]);
}

export interface AddressFieldNames<T extends FieldValues> {
  Address1: Path<T>;
  /** A second street line (optional, after the first), for forms that take one. */
  Address2?: Path<T>;
  City: Path<T>;
  State: Path<T>;
  ZipCode: Path<T>;
}

/**
 * The street, city, state (the 50 states and DC, a placeholder first) and 5-digit ZIP fields of
 * an address form (the loan's mailing address, the profile's address, the contact-info change's
 * old and new address, which also take a second street line). The form sanitises street
 * and city as typed (sanitizeAddressText, spec 002 section 5): it knows its own field types.
 */
export function AddressFields<T extends FieldValues>(props: {
  form: UseFormReturn<T>;
  names: AddressFieldNames<T>;
  disabled?: boolean;
}) {
  const settings = useSettings();
  const { control } = props.form;
  const { names } = props;
  return (
    <>
      <FormTextField
        control={control}
        name={names.Address1}
        label={settings.get('addressFormTexts.addressLabel')}
        disabled={props.disabled}
        autoComplete="address-line1"
      />
      {names.Address2 ? (
        <FormTextField
          control={control}
          name={names.Address2}
          label={settings.get('cardPaymentTexts.address2Label')}
          disabled={props.disabled}
          autoComplete="address-line2"
        />
      ) : null}
      <FormTextField
        control={control}
        name={names.City}
        label={settings.get('addressFormTexts.cityLabel')}
        disabled={props.disabled}
        autoComplete="address-level2"
      />
      <FormSelectField
        control={control}
        name={names.State}
        label={settings.get('addressFormTexts.stateLabel')}
        disabled={props.disabled}
        options={[
          { value: '', label: settings.get('addressFormTexts.statePlaceholderText') },
          ...US_STATES.map((state) => ({ value: state.Value, label: state.Description })),
        ]}
      />
      <FormTextField
        control={control}
        name={names.ZipCode}
        label={settings.get('addressFormTexts.zipCodeLabel')}
        disabled={props.disabled}
        autoComplete="postal-code"
        slotProps={{ input: { maxLength: ADDRESS_LIMITS.zipDigits, inputMode: 'numeric' } }}
      />
    </>
  );
}
