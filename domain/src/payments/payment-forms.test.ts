import { createSettingsAccessor } from '@portal/settings-schema';
import { describe, expect, it } from 'vitest';
import {
  ACH_FORM_MESSAGES,
  achAccountNumberIssue,
  achAccountTypeChoices,
  achAccountTypeIssue,
  achFormIssues,
  CARD_FORM_MESSAGES,
  cardAcceptanceOf,
  cardExpirationIssue,
  cardExpirationLastDay,
  cardFormIssues,
  cardHolderNameIssue,
  cardNumberIssue,
  cardUse,
  cardZipCodeIssue,
  cleanAchAccountNumber,
  confirmAccountNumberIssue,
  debitCreditChoices,
  debitCreditTypeIssue,
  detectCardType,
  formatCardNumberInput,
  fundingOfDebitCreditType,
  hasForbiddenAddressCharacters,
  isAbaRoutingNumber,
  isCardExpired,
  isPersonName,
  isRoutingNumberReadyForLookup,
  normalizeCardNumber,
  ownerNameIssue,
  parseCardExpiration,
  passesAbaChecksum,
  passesLuhn,
  PAYMENT_CARD_TYPES,
  PAYMENT_FORM_LIMITS,
  routingNumberIssue,
  securityCodeIssue,
  type AcceptedCardTypes,
  type AchFormOptions,
  type CardAcceptance,
  type CardToUse,
  type CardUse,
  type CardUseError,
  type CardFormOptions,
  type NewAchForm,
  type NewCardForm,
} from './payment-forms';

// The twelve Federal Reserve Banks' routing numbers and a few well-known banks.
const GOOD_ROUTING_NUMBERS = [
  '011000015',
  '021001208',
  '031000040',
  '041000014',
  '051000033',
  '061000146',
  '071000301',
  '081000045',
  '091000080',
  '101000048',
  '111000038',
  '121000374',
  '021000021',
  '122105155',
  '322271627',
  '110000000',
];

const ALL_CARDS: AcceptedCardTypes = { visa: true, amex: true, master: true, discover: true };

describe('person names', () => {
  it('takes letters of any alphabet with . apostrophes and hyphens inside words', () => {
    for (const name of [
      "Mary O'Neil",
      'Jean-Luc Picard',
      'John Q. Public',
      'José Núñez',
      'D’Arcy',
    ]) {
      expect(isPersonName(name), name).toBe(true);
    }
  });

  it('refuses digits, other punctuation and words without a letter', () => {
    for (const name of ['R2 D2', 'Smith & Sons', 'Ann, Lee', 'John - Smith', '...', 'Ann_Lee']) {
      expect(isPersonName(name), name).toBe(false);
    }
  });

  it('refuses a doubled non-letter, including two spaces', () => {
    for (const name of ['Mary--Jane', "O''Neil", 'Jr..', 'John  Smith']) {
      expect(isPersonName(name), name).toBe(false);
    }
    expect(isPersonName('Mary-Jane')).toBe(true);
  });

  it('counts words when asked for at least two, ignoring the ends’ spaces', () => {
    expect(isPersonName('Cher', 2)).toBe(false);
    expect(isPersonName('  Cher Sarkisian  ', 2)).toBe(true);
    expect(isPersonName('', 1)).toBe(false);
  });
});

describe('the ACH owner name', () => {
  it('is required, in at least two words, in the spec’s words', () => {
    expect(ownerNameIssue('   ')).toBe('ownerNameRequired');
    expect(ACH_FORM_MESSAGES.ownerNameRequired).toBe('Owner Name is required');
    expect(ownerNameIssue('Madonna')).toBe('ownerNameInvalid');
    expect(ACH_FORM_MESSAGES.ownerNameInvalid).toBe('Owner Name is invalid');
    expect(ownerNameIssue('Ann Lee')).toBeUndefined();
  });

  it('refuses a run of repeated non-letters', () => {
    expect(ownerNameIssue('Ann -- Lee')).toBe('ownerNameInvalid');
    expect(ownerNameIssue("Ann ''Lee")).toBe('ownerNameInvalid');
  });
});

describe('routing numbers', () => {
  it('accepts the Federal Reserve Banks’ and well-known banks’ routing numbers', () => {
    for (const routing of GOOD_ROUTING_NUMBERS) {
      expect(isAbaRoutingNumber(routing), routing).toBe(true);
    }
  });

  it('weights the digits 3, 7, 1: any single-digit change breaks the checksum', () => {
    // 011000015: 0*3 + 1*7 + 1*1 + 0 + 0 + 0 + 0*3 + 1*7 + 5*1 = 20.
    expect(passesAbaChecksum('011000015')).toBe(true);
    for (let index = 0; index < 9; index += 1) {
      const digit = Number('011000015'[index]);
      const changed = `${'011000015'.slice(0, index)}${(digit + 1) % 10}${'011000015'.slice(index + 1)}`;
      expect(passesAbaChecksum(changed), changed).toBe(false);
    }
    // 1*3 + 7*1 = 10 passes; the same digits reversed (7*3 + 1*1 = 22) only pass weights 1-7-3.
    expect(passesAbaChecksum('100000007')).toBe(true);
    expect(passesAbaChecksum('700000001')).toBe(false);
    expect(passesAbaChecksum('011000016')).toBe(false);
  });

  it('wants exactly 9 digits', () => {
    expect(passesAbaChecksum('01100001')).toBe(false);
    expect(passesAbaChecksum('0110000150')).toBe(false);
    expect(passesAbaChecksum('01100001a')).toBe(false);
    expect(passesAbaChecksum('011-00001')).toBe(false);
  });

  it('refuses prefixes the Federal Reserve does not give ACH participants', () => {
    // All of these pass the checksum.
    for (const routing of ['000000000', '130000006', '200000004', '330000000', '600000002']) {
      expect(passesAbaChecksum(routing), routing).toBe(true);
      expect(isAbaRoutingNumber(routing), routing).toBe(false);
    }
    for (const routing of ['730000008', '800000006', '990000000']) {
      expect(passesAbaChecksum(routing), routing).toBe(true);
      expect(isAbaRoutingNumber(routing), routing).toBe(false);
    }
    for (const routing of [
      '010000003',
      '120000003',
      '210000007',
      '320000007',
      '610000005',
      '720000005',
    ]) {
      expect(isAbaRoutingNumber(routing), routing).toBe(true);
    }
  });

  it('is looked up once 9 valid digits are typed', () => {
    expect(isRoutingNumberReadyForLookup('01100001')).toBe(false);
    expect(isRoutingNumberReadyForLookup('011000015 ')).toBe(true);
    expect(isRoutingNumberReadyForLookup('011000016')).toBe(false);
  });

  it('names the field’s problem, with the bank lookup only under the pre-check setting', () => {
    const off = { routingPreCheck: false };
    expect(routingNumberIssue('', off)).toBe('routingNumberRequired');
    expect(ACH_FORM_MESSAGES.routingNumberRequired).toBe('Routing Number is required');
    expect(routingNumberIssue('12345678', off)).toBe('routingNumberInvalid');
    expect(routingNumberIssue('011000016', off)).toBe('routingNumberInvalid');
    expect(ACH_FORM_MESSAGES.routingNumberInvalid).toBe('Routing Number is invalid');
    expect(routingNumberIssue(' 011000015 ', off)).toBeUndefined();
    expect(routingNumberIssue('011000015', { ...off, routingLookup: 'notFound' })).toBeUndefined();

    const on = { routingPreCheck: true };
    expect(routingNumberIssue('011000015', { ...on, routingLookup: 'found' })).toBeUndefined();
    expect(routingNumberIssue('011000015', { ...on, routingLookup: 'notFound' })).toBe(
      'routingNumberNotFound',
    );
    expect(ACH_FORM_MESSAGES.routingNumberNotFound).toBe('Invalid routing number.');
    expect(routingNumberIssue('011000015', { ...on, routingLookup: 'failed' })).toBe(
      'routingNumberLookupFailed',
    );
    expect(ACH_FORM_MESSAGES.routingNumberLookupFailed).toBe(
      'An error has occured while verifying the routing number',
    );
    expect(routingNumberIssue('011000015', on)).toBe('routingNumberNotVerified');
    // A bad checksum is reported before any lookup.
    expect(routingNumberIssue('011000016', { ...on, routingLookup: 'found' })).toBe(
      'routingNumberInvalid',
    );
  });
});

describe('ACH account numbers', () => {
  it('are cleaned to digits on blur', () => {
    expect(cleanAchAccountNumber(' 12-34 56a')).toBe('123456');
  });

  it('are required', () => {
    expect(achAccountNumberIssue('  ')).toBe('accountNumberRequired');
    expect(ACH_FORM_MESSAGES.accountNumberRequired).toBe('Account Number is required');
  });

  it('hold 1 to 17 digits', () => {
    expect(achAccountNumberIssue('7')).toBeUndefined();
    expect(achAccountNumberIssue('12345678901234567')).toBeUndefined();
    expect(PAYMENT_FORM_LIMITS.achAccountNumberMaxDigits).toBe(17);
    expect(achAccountNumberIssue('123456789012345678')).toBe('accountNumberInvalid');
    expect(ACH_FORM_MESSAGES.accountNumberInvalid).toBe(
      'Please contact your bank to confirm your bank account information',
    );
  });

  it('are judged after cleaning, so punctuation alone is not an account', () => {
    expect(achAccountNumberIssue('1234-5678')).toBeUndefined();
    expect(achAccountNumberIssue('---')).toBe('accountNumberInvalid');
  });

  it('are neither all zeros nor one digit repeated', () => {
    expect(achAccountNumberIssue('0')).toBe('accountNumberInvalid');
    expect(achAccountNumberIssue('0000000')).toBe('accountNumberInvalid');
    expect(achAccountNumberIssue('11')).toBe('accountNumberInvalid');
    expect(achAccountNumberIssue('99999999999999999')).toBe('accountNumberInvalid');
    expect(achAccountNumberIssue('12')).toBeUndefined();
    expect(achAccountNumberIssue('00000001')).toBeUndefined();
  });

  it('must be confirmed by the same digits', () => {
    expect(confirmAccountNumberIssue('123456', '')).toBe('confirmAccountNumberRequired');
    expect(ACH_FORM_MESSAGES.confirmAccountNumberRequired).toBe(
      'Confirm Account Number is required',
    );
    expect(confirmAccountNumberIssue('123456', '123465')).toBe('accountNumbersDoNotMatch');
    expect(ACH_FORM_MESSAGES.accountNumbersDoNotMatch).toBe('Account Numbers Do Not Match');
    expect(confirmAccountNumberIssue('123456', '123-456')).toBeUndefined();
    expect(confirmAccountNumberIssue('123456', '1234567')).toBe('accountNumbersDoNotMatch');
  });
});

describe('ACH account types', () => {
  it('default to Checking and offer Savings only when the setting allows it', () => {
    expect(achAccountTypeChoices(true)).toEqual(['Checking', 'Savings']);
    expect(achAccountTypeChoices(false)).toEqual(['Checking']);
    expect(achAccountTypeIssue('Savings', true)).toBeUndefined();
    expect(achAccountTypeIssue('Savings', false)).toBe('accountTypeInvalid');
    expect(achAccountTypeIssue('Checking', false)).toBeUndefined();
    expect(achAccountTypeIssue('checking', true)).toBe('accountTypeInvalid');
    expect(achAccountTypeIssue('', true)).toBe('accountTypeInvalid');
  });
});

describe('the whole ACH form', () => {
  const GOOD: NewAchForm = {
    OwnerName: 'Ann Lee',
    RoutingNumber: '011000015',
    AccountNumber: '000123456789',
    ConfirmAccountNumber: '000123456789',
    AccountType: 'Checking',
  };
  const OPTIONS: AchFormOptions = {
    allowSavings: true,
    hideConfirmAccountNumber: false,
    routingPreCheck: false,
  };

  it('has no issues when every field is good', () => {
    expect(achFormIssues(GOOD, OPTIONS)).toEqual({});
  });

  it('names each field’s first problem', () => {
    expect(
      achFormIssues(
        { OwnerName: '', RoutingNumber: '', AccountNumber: '', AccountType: 'Savings' },
        { ...OPTIONS, allowSavings: false },
      ),
    ).toEqual({
      OwnerName: 'ownerNameRequired',
      RoutingNumber: 'routingNumberRequired',
      AccountNumber: 'accountNumberRequired',
      ConfirmAccountNumber: 'confirmAccountNumberRequired',
      AccountType: 'accountTypeInvalid',
    });
  });

  it('skips the confirmation when the setting hides it (and on the server)', () => {
    const { ConfirmAccountNumber: _omitted, ...payload } = GOOD;
    expect(achFormIssues(payload, OPTIONS)).toEqual({
      ConfirmAccountNumber: 'confirmAccountNumberRequired',
    });
    expect(achFormIssues(payload, { ...OPTIONS, hideConfirmAccountNumber: true })).toEqual({});
  });

  it('waits for the bank lookup under the pre-check setting', () => {
    const preCheck = { ...OPTIONS, routingPreCheck: true };
    expect(achFormIssues(GOOD, preCheck)).toEqual({ RoutingNumber: 'routingNumberNotVerified' });
    expect(achFormIssues(GOOD, { ...preCheck, routingLookup: 'found' })).toEqual({});
  });
});

describe('card type detection', () => {
  it('knows the public test numbers', () => {
    expect(detectCardType('4242424242424242')).toBe('visa');
    expect(detectCardType('4000000000000002')).toBe('visa');
    expect(detectCardType('5555555555554444')).toBe('master');
    expect(detectCardType('2223003122003222')).toBe('master');
    expect(detectCardType('378282246310005')).toBe('amex');
    expect(detectCardType('371449635398431')).toBe('amex');
    expect(detectCardType('6011111111111117')).toBe('discover');
    expect(detectCardType('6555900000604105')).toBe('discover');
  });

  it('reads visa from a 4', () => {
    expect(detectCardType('4')).toBe('visa');
  });

  it('reads amex from 32, 34 or 37, and not from 33, 35 or 36', () => {
    expect(detectCardType('32')).toBe('amex');
    expect(detectCardType('34')).toBe('amex');
    expect(detectCardType('37')).toBe('amex');
    for (const prefix of ['30', '31', '33', '35', '36', '38', '39']) {
      expect(detectCardType(`${prefix}0000000000000`), prefix).toBeUndefined();
    }
  });

  it('reads master from 2221 to 2720 and 51 to 55', () => {
    expect(detectCardType('2220999999999999')).toBeUndefined();
    expect(detectCardType('2221')).toBe('master');
    expect(detectCardType('2500')).toBe('master');
    expect(detectCardType('2720')).toBe('master');
    expect(detectCardType('2721')).toBeUndefined();
    expect(detectCardType('50')).toBeUndefined();
    expect(detectCardType('51')).toBe('master');
    expect(detectCardType('55')).toBe('master');
    expect(detectCardType('56')).toBeUndefined();
  });

  it('reads discover from 6011, 65, 644 to 649 and 622126 to 622925', () => {
    expect(detectCardType('6011')).toBe('discover');
    expect(detectCardType('6012')).toBeUndefined();
    expect(detectCardType('65')).toBe('discover');
    expect(detectCardType('643')).toBeUndefined();
    expect(detectCardType('644')).toBe('discover');
    expect(detectCardType('649')).toBe('discover');
    expect(detectCardType('622125')).toBeUndefined();
    expect(detectCardType('622126')).toBe('discover');
    expect(detectCardType('622500')).toBe('discover');
    expect(detectCardType('622925')).toBe('discover');
    expect(detectCardType('622926')).toBeUndefined();
  });

  it('waits until the digits decide, and ignores spaces', () => {
    for (const partial of ['', '2', '22', '3', '5', '6', '62212', '64']) {
      expect(detectCardType(partial), partial).toBeUndefined();
    }
    expect(detectCardType('3782 822463 10005')).toBe('amex');
    expect(detectCardType('4x')).toBeUndefined();
  });
});

describe('the Luhn check', () => {
  it('passes the public test numbers and fails a changed digit', () => {
    for (const number of [
      '4242424242424242',
      '5555555555554444',
      '378282246310005',
      '4000000000000002',
    ]) {
      expect(passesLuhn(number), number).toBe(true);
    }
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('5555555555554445')).toBe(false);
    expect(passesLuhn('378282246310006')).toBe(false);
  });

  it('doubles every second digit from the right and folds results over 9', () => {
    // 59: 5 doubled is 10, folded to 1; 1 + 9 = 10.
    expect(passesLuhn('59')).toBe(true);
    // 18: 1 doubled is 2; 2 + 8 = 10. Undoubled it would be 9.
    expect(passesLuhn('18')).toBe(true);
    expect(passesLuhn('81')).toBe(false);
  });

  it('refuses anything but digits', () => {
    expect(passesLuhn('')).toBe(false);
    expect(passesLuhn('4242 4242 4242 4242')).toBe(false);
  });
});

describe('card numbers', () => {
  it('are required, in the spec’s words', () => {
    expect(cardNumberIssue('', ALL_CARDS)).toBe('cardNumberRequired');
    expect(cardNumberIssue('   ', ALL_CARDS)).toBe('cardNumberRequired');
    expect(CARD_FORM_MESSAGES.cardNumberRequired).toBe('Card Number is required');
  });

  it('accept the public test numbers, typed with spaces or not', () => {
    for (const number of [
      '4242424242424242',
      '4242 4242 4242 4242',
      '5555 5555 5555 4444',
      '3782 822463 10005',
      '4000 0000 0000 0002',
      '2223003122003222',
      '6011111111111117',
      '6445644564456445',
      '6221260000000000',
      '6229250000000003',
      '6500000000000002',
      '320000000000003',
      '340000000000009',
    ]) {
      expect(cardNumberIssue(number, ALL_CARDS), number).toBeUndefined();
    }
  });

  it('want 16 digits, 15 for amex', () => {
    expect(cardNumberIssue('424242424242424', ALL_CARDS)).toBe('cardNumberInvalid');
    expect(cardNumberIssue('42424242424242428', ALL_CARDS)).toBe('cardNumberInvalid');
    expect(cardNumberIssue('4242424242422', ALL_CARDS)).toBe('cardNumberInvalid');
    expect(cardNumberIssue('3400000000000000', ALL_CARDS)).toBe('cardNumberInvalid');
    expect(cardNumberIssue('37828224631000', ALL_CARDS)).toBe('cardNumberInvalid');
    expect(CARD_FORM_MESSAGES.cardNumberInvalid).toBe('Card Number is invalid');
  });

  it('refuse a bad checksum', () => {
    expect(cardNumberIssue('4242424242424241', ALL_CARDS)).toBe('cardNumberInvalid');
    expect(cardNumberIssue('378282246310006', ALL_CARDS)).toBe('cardNumberInvalid');
  });

  it('refuse letters and other punctuation', () => {
    expect(cardNumberIssue('4242.4242.4242.4242', ALL_CARDS)).toBe('cardNumberInvalid');
    expect(cardNumberIssue('4242-4242-4242-4242', ALL_CARDS)).toBeUndefined();
  });

  it('refuse an unknown brand and each brand the institution turns off', () => {
    expect(cardNumberIssue('3530111333300000', ALL_CARDS)).toBe('cardTypeUnsupported');
    expect(cardNumberIssue('36000000000000004', ALL_CARDS)).toBe('cardTypeUnsupported');
    expect(CARD_FORM_MESSAGES.cardTypeUnsupported).toBe(
      "The card number you've entered does not appear to be a supported type.",
    );
    const examples = {
      visa: '4242424242424242',
      amex: '378282246310005',
      master: '5555555555554444',
      discover: '6011111111111117',
    } as const;
    for (const [type, number] of Object.entries(examples)) {
      const accepted = { ...ALL_CARDS, [type]: false };
      expect(cardNumberIssue(number, accepted), type).toBe('cardTypeUnsupported');
      for (const [other, otherNumber] of Object.entries(examples)) {
        if (other !== type) expect(cardNumberIssue(otherNumber, accepted), other).toBeUndefined();
      }
    }
  });

  it('are sent without spaces and shown grouped as on the card', () => {
    expect(normalizeCardNumber(' 4242 4242 4242 4242 ')).toBe('4242424242424242');
    expect(formatCardNumberInput('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumberInput('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumberInput('42424')).toBe('4242 4');
    expect(formatCardNumberInput('42424242424242429999')).toBe('4242 4242 4242 4242');
    expect(formatCardNumberInput('3782822463100059')).toBe('3782 822463 10005');
    expect(formatCardNumberInput('')).toBe('');
  });
});

describe('card expiration', () => {
  it('reads MM/YY with a month from 1 to 12', () => {
    expect(parseCardExpiration('01/28')).toEqual({ month: 1, year: 2028 });
    expect(parseCardExpiration('12/99')).toEqual({ month: 12, year: 2099 });
    for (const text of ['00/28', '13/28', '1/28', '01/2028', '0128', '01-28', 'ab/cd']) {
      expect(parseCardExpiration(text), text).toBeUndefined();
    }
  });

  it('is good through the last day of its month, leap years included', () => {
    expect(cardExpirationLastDay('01/27')).toBe('2027-01-31');
    expect(cardExpirationLastDay('02/27')).toBe('2027-02-28');
    expect(cardExpirationLastDay('02/28')).toBe('2028-02-29');
    expect(cardExpirationLastDay('02/00')).toBe('2000-02-29');
    expect(cardExpirationLastDay('04/26')).toBe('2026-04-30');
    expect(cardExpirationLastDay('12/26')).toBe('2026-12-31');
  });

  it('expires the day after its month ends', () => {
    expect(isCardExpired('03/26', '2026-03-01')).toBe(false);
    expect(isCardExpired('03/26', '2026-03-31')).toBe(false);
    expect(isCardExpired('03/26', '2026-04-01')).toBe(true);
    expect(isCardExpired('02/28', '2028-02-28')).toBe(false);
    expect(isCardExpired('02/28', '2028-02-29')).toBe(false);
    expect(isCardExpired('02/28', '2028-03-01')).toBe(true);
    expect(isCardExpired('02/27', '2027-02-28')).toBe(false);
    expect(isCardExpired('02/27', '2027-03-01')).toBe(true);
    expect(isCardExpired('12/26', '2026-12-31')).toBe(false);
    expect(isCardExpired('12/26', '2027-01-01')).toBe(true);
    expect(isCardExpired('01/27', '2026-12-31')).toBe(false);
    expect(isCardExpired('13/27', '2026-12-31')).toBe(true);
  });

  it('refuses a today that is not a calendar date', () => {
    expect(() => isCardExpired('03/26', '2026-02-30')).toThrow(RangeError);
    expect(() => isCardExpired('03/26', '03/01/2026')).toThrow(RangeError);
  });

  it('names the field’s problem in the spec’s words', () => {
    expect(cardExpirationIssue('', '2026-03-15')).toBe('expirationRequired');
    expect(CARD_FORM_MESSAGES.expirationRequired).toBe('Expiration required');
    expect(cardExpirationIssue('3/26', '2026-03-15')).toBe('expirationInvalid');
    expect(cardExpirationIssue('03/2026', '2026-03-15')).toBe('expirationInvalid');
    expect(cardExpirationIssue('00/26', '2026-03-15')).toBe('expirationInvalid');
    expect(cardExpirationIssue('13/26', '2026-03-15')).toBe('expirationInvalid');
    expect(CARD_FORM_MESSAGES.expirationInvalid).toBe('Expiration invalid');
    expect(cardExpirationIssue('02/26', '2026-03-15')).toBe('cardExpired');
    expect(CARD_FORM_MESSAGES.cardExpired).toBe('Expiration invalid');
    expect(cardExpirationIssue('03/26', '2026-03-31')).toBeUndefined();
    expect(cardExpirationIssue('12/30', '2026-03-15')).toBeUndefined();
  });
});

describe('security codes', () => {
  it('are required, 3 digits, 4 for amex', () => {
    expect(securityCodeIssue('', 'visa')).toBe('securityCodeRequired');
    expect(CARD_FORM_MESSAGES.securityCodeRequired).toBe('CVV/CVC required');
    expect(securityCodeIssue('123', 'visa')).toBeUndefined();
    expect(securityCodeIssue('123', 'master')).toBeUndefined();
    expect(securityCodeIssue('123', 'discover')).toBeUndefined();
    expect(securityCodeIssue('1234', 'visa')).toBe('securityCodeInvalid');
    expect(securityCodeIssue('12', 'visa')).toBe('securityCodeInvalid');
    expect(securityCodeIssue('1234', 'amex')).toBeUndefined();
    expect(securityCodeIssue('123', 'amex')).toBe('securityCodeInvalid');
    expect(securityCodeIssue('12345', 'amex')).toBe('securityCodeInvalid');
    expect(securityCodeIssue('12a', 'visa')).toBe('securityCodeInvalid');
    expect(CARD_FORM_MESSAGES.securityCodeInvalid).toBe('CVV/CVC invalid');
  });

  it('take 3 or 4 digits while the card type is unknown', () => {
    expect(securityCodeIssue('123', undefined)).toBeUndefined();
    expect(securityCodeIssue('1234', undefined)).toBeUndefined();
    expect(securityCodeIssue('12', undefined)).toBe('securityCodeInvalid');
    expect(securityCodeIssue('12345', undefined)).toBe('securityCodeInvalid');
  });
});

describe('debit or credit', () => {
  it('offers both with DebitCard first, or only DebitCard when the setting says debit only', () => {
    expect(debitCreditChoices(false)).toEqual(['DebitCard', 'CreditCard']);
    expect(debitCreditChoices(true)).toEqual(['DebitCard']);
    expect(debitCreditTypeIssue('CreditCard', false)).toBeUndefined();
    expect(debitCreditTypeIssue('DebitCard', true)).toBeUndefined();
    expect(debitCreditTypeIssue('CreditCard', true)).toBe('creditCardsNotAccepted');
    expect(CARD_FORM_MESSAGES.creditCardsNotAccepted).toBe('We do not accept Credit Cards.');
    expect(debitCreditTypeIssue('Prepaid', false)).toBe('debitCreditTypeInvalid');
  });
});

describe('card holder names', () => {
  it('are required, letters-style, without repeated non-letters', () => {
    expect(cardHolderNameIssue('')).toBe('nameRequired');
    expect(CARD_FORM_MESSAGES.nameRequired).toBe('Name is required');
    expect(cardHolderNameIssue('Mary Ann')).toBeUndefined();
    expect(cardHolderNameIssue('Lee')).toBeUndefined();
    expect(cardHolderNameIssue('L33')).toBe('nameInvalid');
    expect(cardHolderNameIssue('Lee--Ann')).toBe('nameInvalid');
    expect(CARD_FORM_MESSAGES.nameInvalid).toBe('Invalid');
  });
});

describe('billing ZIP codes and addresses', () => {
  it('take 5 digits or 5+4', () => {
    expect(cardZipCodeIssue('')).toBe('zipCodeRequired');
    expect(CARD_FORM_MESSAGES.zipCodeRequired).toBe('Zip Code required');
    expect(cardZipCodeIssue('04101')).toBeUndefined();
    expect(cardZipCodeIssue('04101-1234')).toBeUndefined();
    for (const zip of [
      '0410',
      '041011',
      '04101-123',
      '04101-12345',
      '041011234',
      '04101 1234',
      'abcde',
    ]) {
      expect(cardZipCodeIssue(zip), zip).toBe('zipCodeInvalid');
    }
    expect(CARD_FORM_MESSAGES.zipCodeInvalid).toBe('Zip Code invalid');
  });

  it('refuse ~ < > { } ^ [ ] and nothing else of an ordinary address', () => {
    for (const character of ['~', '<', '>', '{', '}', '^', '[', ']']) {
      expect(hasForbiddenAddressCharacters(`12 Main${character} St`), character).toBe(true);
    }
    expect(hasForbiddenAddressCharacters("12 O'Neil St., Apt #4-B / Rear & Co (2)")).toBe(false);
  });
});

describe('the whole card form', () => {
  const GOOD: NewCardForm = {
    CardHolderFirstName: 'Ann',
    CardHolderLastName: 'Lee',
    CardNumber: '4242 4242 4242 4242',
    ExpirationDate: '12/27',
    SecurityCode: '123',
    DebitCreditType: 'DebitCard',
    BillingAddress: { ZipCode: '04101', Address1: '', Address2: '', City: '', State: '' },
  };
  const OPTIONS: CardFormOptions = {
    acceptedCardTypes: ALL_CARDS,
    debitOnly: false,
    requireFullAddress: false,
    today: '2026-03-15',
  };

  it('has no issues when every field is good, the address being optional', () => {
    expect(cardFormIssues(GOOD, OPTIONS)).toEqual({});
  });

  it('names each field’s first problem', () => {
    expect(
      cardFormIssues(
        {
          CardHolderFirstName: '',
          CardHolderLastName: 'L3e',
          CardNumber: '4242424242424241',
          ExpirationDate: '02/26',
          SecurityCode: '12',
          DebitCreditType: 'CreditCard',
          BillingAddress: {
            ZipCode: '0410',
            Address1: '',
            Address2: 'Rear <b>',
            City: '',
            State: '',
          },
        },
        { ...OPTIONS, debitOnly: true },
      ),
    ).toEqual({
      CardHolderFirstName: 'nameRequired',
      CardHolderLastName: 'nameInvalid',
      CardNumber: 'cardNumberInvalid',
      ExpirationDate: 'cardExpired',
      SecurityCode: 'securityCodeInvalid',
      DebitCreditType: 'creditCardsNotAccepted',
      ZipCode: 'zipCodeInvalid',
      Address2: 'address2Invalid',
    });
  });

  it('requires Address 1, City and State under the full-address setting', () => {
    const full = { ...OPTIONS, requireFullAddress: true };
    expect(cardFormIssues(GOOD, full)).toEqual({
      Address1: 'address1Required',
      City: 'cityRequired',
      State: 'stateRequired',
    });
    expect(CARD_FORM_MESSAGES.address1Required).toBe('Address 1 is required');
    expect(CARD_FORM_MESSAGES.cityRequired).toBe('City is required');
    expect(CARD_FORM_MESSAGES.stateRequired).toBe('State is required');
    const address = {
      ZipCode: '04101-1234',
      Address1: '12 Main St',
      Address2: '',
      City: 'Portland',
      State: 'ME',
    };
    expect(cardFormIssues({ ...GOOD, BillingAddress: address }, full)).toEqual({});
  });

  it('refuses the forbidden characters in any address field, required or not', () => {
    const address = {
      ZipCode: '04101',
      Address1: '12 [Main]',
      Address2: '~',
      City: 'Port{land}',
      State: 'M^',
    };
    expect(cardFormIssues({ ...GOOD, BillingAddress: address }, OPTIONS)).toEqual({
      Address1: 'address1Invalid',
      Address2: 'address2Invalid',
      City: 'cityInvalid',
      State: 'stateInvalid',
    });
  });

  it('checks the amex security code length against an amex number', () => {
    const amex = { ...GOOD, CardNumber: '3782 822463 10005', SecurityCode: '123' };
    expect(cardFormIssues(amex, OPTIONS)).toEqual({ SecurityCode: 'securityCodeInvalid' });
    expect(cardFormIssues({ ...amex, SecurityCode: '1234' }, OPTIONS)).toEqual({});
  });

  it('accepts the declined test number as a well-formed card (the processor declines it)', () => {
    expect(cardFormIssues({ ...GOOD, CardNumber: '4000000000000002' }, OPTIONS)).toEqual({});
  });

  it('refuses a brand the institution does not accept', () => {
    const noMaster = { ...OPTIONS, acceptedCardTypes: { ...ALL_CARDS, master: false } };
    expect(cardFormIssues({ ...GOOD, CardNumber: '5555555555554444' }, noMaster)).toEqual({
      CardNumber: 'cardTypeUnsupported',
    });
  });
});

describe('cardUse: whether a card may pay', () => {
  const TODAY = '2026-03-15';
  const EVERY_BRAND: CardAcceptance = { acceptedCardTypes: ALL_CARDS, debitOnly: false };
  const DEBIT_ONLY: CardAcceptance = { ...EVERY_BRAND, debitOnly: true };
  const CARD: CardToUse = { brand: 'visa', funding: 'credit', expiration: '12/30' };
  const USABLE: CardUse = { usable: true };
  const refused = (error: CardUseError): CardUse => ({ usable: false, error });

  it('lets an accepted, unexpired card pay', () => {
    expect(cardUse(CARD, EVERY_BRAND, TODAY)).toEqual(USABLE);
    expect(cardUse({ ...CARD, funding: 'debit' }, DEBIT_ONLY, TODAY)).toEqual(USABLE);
  });

  it('refuses each brand the institution turns off, and only that one (InvalidInfo)', () => {
    for (const brand of PAYMENT_CARD_TYPES) {
      const acceptance = { ...EVERY_BRAND, acceptedCardTypes: { ...ALL_CARDS, [brand]: false } };
      expect(cardUse({ ...CARD, brand }, acceptance, TODAY), brand).toEqual(refused('InvalidInfo'));
      for (const other of PAYMENT_CARD_TYPES) {
        if (other === brand) continue;
        expect(cardUse({ ...CARD, brand: other }, acceptance, TODAY), other).toEqual(USABLE);
      }
    }
  });

  it('refuses a brand it does not know (InvalidInfo)', () => {
    expect(cardUse({ ...CARD, brand: undefined }, EVERY_BRAND, TODAY)).toEqual(
      refused('InvalidInfo'),
    );
    expect(cardUse({ ...CARD, brand: 'jcb' }, EVERY_BRAND, TODAY)).toEqual(refused('InvalidInfo'));
    expect(cardUse({ ...CARD, brand: 'Visa' }, EVERY_BRAND, TODAY)).toEqual(refused('InvalidInfo'));
    const none = { ...EVERY_BRAND, acceptedCardTypes: { ...ALL_CARDS, visa: false } };
    expect(cardUse(CARD, none, TODAY)).toEqual(refused('InvalidInfo'));
  });

  it("refuses a credit card where only debit cards are taken, by the processor's funding", () => {
    expect(cardUse(CARD, DEBIT_ONLY, TODAY)).toEqual(refused('CreditCardsNotAccepted'));
    expect(cardUse({ ...CARD, funding: 'debit' }, DEBIT_ONLY, TODAY)).toEqual(USABLE);
    expect(cardUse(CARD, EVERY_BRAND, TODAY)).toEqual(USABLE);
  });

  it('keeps a card good through the last day of its expiry month', () => {
    const on = (expiration: string, today: string) =>
      cardUse({ ...CARD, expiration }, EVERY_BRAND, today);
    expect(on('03/26', '2026-03-01')).toEqual(USABLE);
    expect(on('03/26', '2026-03-31')).toEqual(USABLE);
    expect(on('03/26', '2026-04-01')).toEqual(refused('Expired'));
    expect(on('02/28', '2028-02-29')).toEqual(USABLE);
    expect(on('02/28', '2028-03-01')).toEqual(refused('Expired'));
    expect(on('02/27', '2027-02-28')).toEqual(USABLE);
    expect(on('02/27', '2027-03-01')).toEqual(refused('Expired'));
    expect(on('12/26', '2026-12-31')).toEqual(USABLE);
    expect(on('12/26', '2027-01-01')).toEqual(refused('Expired'));
    expect(on('01/27', '2026-12-31')).toEqual(USABLE);
    expect(on('02/26', TODAY)).toEqual(refused('Expired'));
    expect(on('03/25', TODAY)).toEqual(refused('Expired'));
  });

  it('answers InvalidInfo for an expiration that is not MM/YY', () => {
    for (const expiration of ['', '3/26', '03/2026', '00/26', '13/26', 'ab/cd', '0326']) {
      expect(cardUse({ ...CARD, expiration }, EVERY_BRAND, TODAY), expiration).toEqual(
        refused('InvalidInfo'),
      );
    }
    // Surrounding spaces are trimmed, as the form does.
    expect(cardUse({ ...CARD, expiration: ' 12/30 ' }, EVERY_BRAND, TODAY)).toEqual(USABLE);
  });

  it('answers the first failing rule: brand, then debit only, then expiry', () => {
    const expiredCredit = { ...CARD, expiration: '01/20' };
    const noVisa = { ...DEBIT_ONLY, acceptedCardTypes: { ...ALL_CARDS, visa: false } };
    expect(cardUse(expiredCredit, noVisa, TODAY)).toEqual(refused('InvalidInfo'));
    expect(cardUse(expiredCredit, DEBIT_ONLY, TODAY)).toEqual(refused('CreditCardsNotAccepted'));
    expect(cardUse(expiredCredit, EVERY_BRAND, TODAY)).toEqual(refused('Expired'));
  });

  it('refuses a today that is not a calendar date', () => {
    expect(() => cardUse(CARD, EVERY_BRAND, '2026-02-30')).toThrow(RangeError);
    expect(() => cardUse(CARD, EVERY_BRAND, '03/15/2026')).toThrow(RangeError);
  });

  it('reads funding from a DebitCreditType', () => {
    expect(fundingOfDebitCreditType('CreditCard')).toBe('credit');
    expect(fundingOfDebitCreditType('DebitCard')).toBe('debit');
  });

  it('reads the card settings from their keys', () => {
    const settings = createSettingsAccessor({
      shared: {
        cardPaymentOptions: {
          allowVisaOption: 'true',
          allowAmexOption: 'false',
          allowMasterCardOption: 'true',
          allowDiscoverOption: 'false',
          debitCardsOnlyOption: 'true',
        },
      },
      english: {},
    });
    expect(cardAcceptanceOf(settings)).toEqual({
      acceptedCardTypes: { visa: true, amex: false, master: true, discover: false },
      debitOnly: true,
    });
    const flipped = createSettingsAccessor({
      shared: {
        cardPaymentOptions: {
          allowVisaOption: 'false',
          allowAmexOption: 'true',
          allowMasterCardOption: 'false',
          allowDiscoverOption: 'true',
          debitCardsOnlyOption: 'false',
        },
      },
      english: {},
    });
    expect(cardAcceptanceOf(flipped)).toEqual({
      acceptedCardTypes: { visa: false, amex: true, master: false, discover: true },
      debitOnly: false,
    });
  });
});
