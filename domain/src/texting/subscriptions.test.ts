import { describe, expect, it } from 'vitest';
import {
  modifyErrorMessage,
  parseModifyErrorMessage,
  subscriptionChanges,
  textingProgrammes,
  textReplyKeyword,
  type SubscriptionOption,
} from './subscriptions';

const loaded: SubscriptionOption[] = [
  { BrandingId: 1, BrandingName: 'Harbor', OptInMarketing: false, OptInAccount: false },
  { BrandingId: 2, BrandingName: 'Harbor Cards', OptInMarketing: true, OptInAccount: false },
];

describe('text subscriptions', () => {
  it('posts only the changed programmes, an unchanged flag as null', () => {
    const edited = loaded.map((option) =>
      option.BrandingId === 1 ? { ...option, OptInAccount: true } : option,
    );
    expect(subscriptionChanges(loaded, edited)).toEqual([
      { BrandingId: 1, OptInMarketing: null, OptInAccount: true },
    ]);
    expect(subscriptionChanges(loaded, loaded)).toEqual([]);
  });

  it('encodes a refused change as JSON naming the programme and its option values, and reads it back', () => {
    const change = { BrandingId: 9, OptInMarketing: true, OptInAccount: null };
    const message = modifyErrorMessage(change, 'UnknownBranding');
    expect(JSON.parse(message)).toEqual({ ...change, Error: 'UnknownBranding' });
    expect(parseModifyErrorMessage(message)).toEqual({ ...change, Error: 'UnknownBranding' });
    expect(parseModifyErrorMessage('Invalid')).toBeNull();
    expect(parseModifyErrorMessage('{"BrandingId":"9"}')).toBeNull();
  });

  it('offers one programme named after the institution when none is configured', () => {
    expect(textingProgrammes([], 'Harbor Community Bank')).toEqual([
      { BrandingId: 1, BrandingName: 'Harbor Community Bank' },
    ]);
    expect(textingProgrammes([{ BrandingId: 4, BrandingName: 'Cards' }], 'Harbor')).toEqual([
      { BrandingId: 4, BrandingName: 'Cards' },
    ]);
  });

  it('reads STOP and HELP replies in any case, and ignores other words', () => {
    expect(textReplyKeyword(' stop ')).toBe('STOP');
    expect(textReplyKeyword('Unsubscribe')).toBe('STOP');
    expect(textReplyKeyword('help')).toBe('HELP');
    expect(textReplyKeyword('stop please')).toBeNull();
  });
});
