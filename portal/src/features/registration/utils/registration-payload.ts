import {
  dateOfBirthForPayload,
  digitsOnly,
  formatAccountNumber,
  type CreateAccountRequest,
} from '@portal/domain';
import type { AgreementState, RegistrationValues } from './registration-form';
import type { RegistrationConfig } from './registration-config';

/**
 * The create-account payload (spec 000 section 3, "Registration payload"): hidden fields go empty,
 * the account number with its dashes, the date of birth as MM/DD/YYYY only with 8 digits.
 */
export function registrationPayload(
  values: RegistrationValues,
  config: RegistrationConfig,
  accountNumberMask: string | undefined,
  agreements: Readonly<Record<number, AgreementState>>,
  mfaToken: string | undefined,
): CreateAccountRequest {
  const { show } = config;
  const accountType = values.accountType === '' ? 'Loan' : values.accountType;
  return {
    Agreements: config.agreements.map((agreement) => ({
      AgreedTo: agreements[agreement.hostNum]?.checked ?? false,
      AgreementType: agreement.hostNum,
    })),
    UserName: values.loginName.trim(),
    SecretQuestion: config.secretQuestion ? values.secretQuestion.trim() : '',
    SecretAnswer: config.secretQuestion ? values.secretAnswer.trim() : '',
    AccountNumber: config.accountNumberRequired
      ? formatAccountNumber(values.accountNumber, accountNumberMask)
      : '',
    AccountType: accountType,
    DateOfBirth: show.dateOfBirth ? dateOfBirthForPayload(values.dateOfBirth) : '',
    EmailAddress: values.email.trim(),
    FirstName: show.firstName ? values.firstName.trim() : '',
    MiddleName: show.middleName ? values.middleName.trim() : '',
    LastName: values.lastName.trim(),
    SSN: digitsOnly(values.ssn),
    Zip: show.zipCode ? digitsOnly(values.zipCode) : '',
    PhoneNumber: show.phone ? values.phone : '',
    PlaceOfBirth: show.placeOfBirth ? values.placeOfBirth.trim() : '',
    DriversLicense: show.driversLicense ? values.driversLicense.trim() : '',
    MothersMaiden: show.mothersMaidenName ? values.mothersMaidenName.trim() : '',
    Password: values.password,
    ...(mfaToken ? { MFAToken: mfaToken } : {}),
  };
}
