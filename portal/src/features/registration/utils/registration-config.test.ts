import { createSettingsAccessor } from '@portal/settings-schema';
import { describe, expect, it } from 'vitest';
import { TEST_INSTITUTION, wireSettings } from '../../../testing/fixtures';
import { registrationConfig } from './registration-config';

// 03:00 UTC on the 26th is still the evening of the 25th in New York.
const LATE_EVENING_IN_NEW_YORK = new Date('2026-11-26T03:00:00.000Z');

function agreementsAsked(timeZone: string) {
  const settings = createSettingsAccessor(
    wireSettings({
      'localeOptions.institutionTimeZone': timeZone,
      'agreementTexts.agreementSetup': [
        '/cdn/terms.html|2026-11-25|Online Banking Agreement|registration',
        '/cdn/privacy.html|2026-11-26|Privacy Notice|registration',
        '/cdn/ach.html|2020-01-01|ACH Agreement|ach',
      ].join('\n'),
    }),
  );
  return registrationConfig(settings, TEST_INSTITUTION, LATE_EVENING_IN_NEW_YORK).agreements.map(
    (agreement) => agreement.name,
  );
}

describe('the agreements the registration form asks', () => {
  it("asks only registration agreements dated on or before the institution's today", () => {
    // The server asks by the same date: the Privacy Notice is dated tomorrow in New York.
    expect(agreementsAsked('America/New_York')).toEqual(['Online Banking Agreement']);
  });

  it("follows the institution's calendar, not the device's", () => {
    expect(agreementsAsked('UTC')).toEqual(['Online Banking Agreement', 'Privacy Notice']);
  });
});
