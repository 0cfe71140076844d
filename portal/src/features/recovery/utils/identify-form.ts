import { parseDateOfBirth } from '@portal/domain';
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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Recovery step 1 (spec 000 section 5): each shown field is required, with its own format. */
export function identifySchema(settings: SettingsAccessor, fields: IdentifyFields) {
  return z
    .object({ email: z.string(), dateOfBirth: z.string(), zipCode: z.string(), branch: z.string() })
    .superRefine((values, ctx) => {
      const issue = (path: keyof IdentifyValues, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message });
      if (fields.email) {
        const email = values.email.trim();
        if (email === '') issue('email', settings.get('recoveryTexts.emailRequiredText'));
        else if (!EMAIL.test(email)) issue('email', settings.get('recoveryTexts.emailInvalidText'));
      }
      if (fields.dateOfBirth) {
        if (values.dateOfBirth === '') {
          issue('dateOfBirth', settings.get('recoveryTexts.dateOfBirthRequiredText'));
        } else if (!parseDateOfBirth(values.dateOfBirth, new Date())) {
          issue('dateOfBirth', settings.get('recoveryTexts.dateOfBirthInvalidText'));
        }
      }
      if (fields.zipCode) {
        if (values.zipCode === '')
          issue('zipCode', settings.get('recoveryTexts.zipCodeRequiredText'));
        else if (!/^\d{5}$/.test(values.zipCode)) {
          issue('zipCode', settings.get('recoveryTexts.zipCodeInvalidText'));
        }
      }
      if (fields.branch && values.branch === '') {
        issue('branch', settings.get('recoveryTexts.branchRequiredText'));
      }
    });
}
