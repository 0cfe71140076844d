import { calendarDateIn, isEmailAddress, isZipCode, registrationDateOfBirth } from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import { z } from 'zod';

export interface IdentifyValues {
  email: string;
  dateOfBirth: string;
  zipCode: string;
  branch: string;
}

export interface IdentifyFields {
  email: boolean;
  dateOfBirth: boolean;
  zipCode: boolean;
  branch: boolean;
}

/** The fields of step 1 the institution did not hide. */
export function identifyFields(settings: SettingsAccessor): IdentifyFields {
  return {
    email: !settings.get('recoveryOptions.hideEmailOption'),
    dateOfBirth: !settings.get('recoveryOptions.hideDateOfBirthOption'),
    zipCode: !settings.get('recoveryOptions.hideZipCodeOption'),
    branch: !settings.get('recoveryOptions.hideBranchOption'),
  };
}

/**
 * Recovery step 1 (spec 000 section 5): each shown field is required, with its own format. The
 * formats are domain's contact-field rules, the ones the server applies; the date of birth is read
 * against the institution's today at `now` (localeOptions.institutionTimeZone), as the server
 * reads it, not against the device's calendar.
 */
export function identifySchema(settings: SettingsAccessor, fields: IdentifyFields, now: Date) {
  const today = calendarDateIn(settings.get('localeOptions.institutionTimeZone'), now);
  return z
    .object({ email: z.string(), dateOfBirth: z.string(), zipCode: z.string(), branch: z.string() })
    .superRefine((values, ctx) => {
      const issue = (path: keyof IdentifyValues, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message });
      if (fields.email) {
        const email = values.email.trim();
        if (email === '') issue('email', settings.get('recoveryTexts.emailRequiredText'));
        else if (!isEmailAddress(email))
          issue('email', settings.get('recoveryTexts.emailInvalidText'));
      }
      if (fields.dateOfBirth) {
        if (values.dateOfBirth === '') {
          issue('dateOfBirth', settings.get('recoveryTexts.dateOfBirthRequiredText'));
        } else if (!registrationDateOfBirth(values.dateOfBirth, today)) {
          issue('dateOfBirth', settings.get('recoveryTexts.dateOfBirthInvalidText'));
        }
      }
      if (fields.zipCode) {
        if (values.zipCode === '')
          issue('zipCode', settings.get('recoveryTexts.zipCodeRequiredText'));
        else if (!isZipCode(values.zipCode)) {
          issue('zipCode', settings.get('recoveryTexts.zipCodeInvalidText'));
        }
      }
      if (fields.branch && values.branch === '') {
        issue('branch', settings.get('recoveryTexts.branchRequiredText'));
      }
    });
}
