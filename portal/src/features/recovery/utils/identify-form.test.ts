import { createSettingsAccessor } from '@portal/settings-schema';
import { describe, expect, it } from 'vitest';
import { wireSettings, type SettingValues } from '../../../testing/fixtures';
import { identifyFields, identifySchema, type IdentifyValues } from './identify-form';

// 03:00 UTC on the 26th is still the evening of the 25th in New York.
const LATE_EVENING_IN_NEW_YORK = new Date('2026-11-26T03:00:00.000Z');
const NEW_YORK = { 'localeOptions.institutionTimeZone': 'America/New_York' };

function check(values: Partial<IdentifyValues>, settingValues: SettingValues = NEW_YORK) {
  const settings = createSettingsAccessor(wireSettings(settingValues));
  const schema = identifySchema(settings, identifyFields(settings), LATE_EVENING_IN_NEW_YORK);
  const result = schema.safeParse({
    email: 'jordan.rivers@example.test',
    dateOfBirth: '04/12/1986',
    zipCode: '04101',
    branch: '',
    ...values,
  });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path[0], i.message]));
}

describe('recovery step 1 checks', () => {
  it('takes the details the server takes', () => {
    expect(check({})).toEqual({});
  });

  it("reads the date of birth against the institution's today, not the device's", () => {
    // The 26th is already today in UTC, but tomorrow for an institution in New York.
    expect(check({ dateOfBirth: '11/26/2026' })).toEqual({ dateOfBirth: 'Invalid Date' });
    expect(check({ dateOfBirth: '11/25/2026' })).toEqual({});
    // In UTC the 26th is today, so it passes there.
    expect(
      check({ dateOfBirth: '11/26/2026' }, { 'localeOptions.institutionTimeZone': 'UTC' }),
    ).toEqual({});
  });

  it('refuses an e-mail address without a dot in its host, as the server does', () => {
    expect(check({ email: 'jordan@example' })).toEqual({ email: 'Invalid Email' });
  });

  it('takes only five digits as a ZIP code', () => {
    expect(check({ zipCode: '04-101' })).toEqual({ zipCode: 'Zip Code must be 5 digits' });
    expect(check({ zipCode: '0410' })).toEqual({ zipCode: 'Zip Code must be 5 digits' });
  });
});
