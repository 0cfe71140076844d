import { createSettingsAccessor } from '@portal/settings-schema';
import { describe, expect, it } from 'vitest';
import { acceptedCardTypesOf } from './card-rules';

describe('acceptedCardTypesOf', () => {
  it("reads each brand's flag", () => {
    const settings = createSettingsAccessor({
      shared: {
        cardPaymentOptions: {
          allowVisaOption: 'true',
          allowAmexOption: 'false',
          allowMasterCardOption: 'false',
          allowDiscoverOption: 'true',
        },
      },
      english: {},
    });
    expect(acceptedCardTypesOf(settings)).toEqual({
      visa: true,
      amex: false,
      master: false,
      discover: true,
    });
  });
});
