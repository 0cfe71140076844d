import { createSettingsAccessor, SETTING_DEFINITIONS } from '@portal/settings-schema';
import { describe, expect, it } from 'vitest';
import { amountDueBreakdown } from './amount-due';
import {
  amountDueDifference,
  amountDueLines,
  daysPastDueWording,
  PAST_DUE_TEXT_KEYS,
  pastDueNotice,
  pastDueTextsOf,
} from './past-due-wording';

const settings = (english: Record<string, Record<string, string>> = {}) =>
  createSettingsAccessor({ shared: {}, english });

// Two installments of $420.00 missed, the current one and $50.00 of late charges.
const LATE = amountDueBreakdown({
  totalCents: 131_000,
  installmentCents: 42_000,
  lateChargesCents: 5_000,
  otherFeesCents: 0,
  pastDue: true,
});

describe('past-due wording', () => {
  it("reads each wording from its setting, the settings' defaults when none is set", () => {
    const texts = pastDueTextsOf(settings());
    for (const [name, key] of Object.entries(PAST_DUE_TEXT_KEYS)) {
      expect(texts[name as keyof typeof texts], key).toBe(SETTING_DEFINITIONS[key].default);
    }
  });

  it('says how late, what brings the loan current and since when, naming the loan by its masked number', () => {
    const texts = pastDueTextsOf(settings());
    expect(
      pastDueNotice(
        {
          loan: { description: 'Auto Loan', number: '001-100234-1' },
          daysPastDue: 43,
          dueDate: '2025-01-30',
          bringCurrentCents: LATE.bringCurrentCents,
        },
        texts,
      ),
    ).toBe(
      'Auto Loan ****2341 is 43 days past due. Pay $840.00 to bring it current (due since 01/30/2025).',
    );
    expect(daysPastDueWording(1, texts)).toBe('1 day');
    expect(daysPastDueWording(2, texts)).toBe('2 days');
  });

  it('counts payments processing: what they leave to bring the loan current, or that they bring it current', () => {
    const texts = pastDueTextsOf(settings());
    const notice = (processingCents: number) =>
      pastDueNotice(
        {
          loan: { description: 'Auto Loan', number: '001-100234-1' },
          daysPastDue: 43,
          dueDate: '2025-01-30',
          bringCurrentCents: LATE.bringCurrentCents,
          processingCents,
        },
        texts,
      );
    expect(notice(0)).toBe(
      'Auto Loan ****2341 is 43 days past due. Pay $840.00 to bring it current (due since 01/30/2025).',
    );
    expect(notice(42_000)).toBe(
      'Auto Loan ****2341 is 43 days past due (since 01/30/2025). With your payments processing, $420.00, pay $420.00 more to bring it current.',
    );
    for (const processingCents of [84_000, 131_000]) {
      expect(notice(processingCents)).toBe(
        `Auto Loan ****2341 is 43 days past due (since 01/30/2025). Your payments processing, ${processingCents === 84_000 ? '$840.00' : '$1,310.00'}, bring it current once they are credited.`,
      );
    }
  });

  it("says why what brings the loan current is not the row's Amount Due, and nothing when they agree", () => {
    const texts = pastDueTextsOf(settings());
    expect(amountDueDifference(LATE, texts)).toBe(
      'The Amount Due of $1,310.00 in your loans list also counts the current installment of $420.00, which is not late yet, and late charges and fees of $50.00, which are owed but do not keep the loan past due.',
    );
    const noFees = amountDueBreakdown({
      totalCents: 126_000,
      installmentCents: 42_000,
      lateChargesCents: 0,
      otherFeesCents: 0,
      pastDue: true,
    });
    expect(amountDueDifference(noFees, texts)).toBe(
      'The Amount Due of $1,260.00 in your loans list also counts the current installment of $420.00, which is not late yet.',
    );
    const onlyMissed = amountDueBreakdown({
      totalCents: 42_000,
      installmentCents: 42_000,
      lateChargesCents: 0,
      otherFeesCents: 0,
      pastDue: true,
    });
    expect(onlyMissed.bringCurrentCents).toBe(42_000);
    expect(amountDueDifference(onlyMissed, texts)).toBe(undefined);
    // Not past due: nothing brings it current, nothing to explain.
    expect(amountDueDifference({ ...noFees, bringCurrentCents: 0 }, texts)).toBe(undefined);
  });

  it("takes the institution's words", () => {
    const texts = pastDueTextsOf(
      settings({
        accountSummaryTexts: {
          pastDueText: '{loan}: {days} late since {dueDate}; {amount} makes it current.',
          pastDueOneDayText: 'one day',
          lateChargesText: 'Late fees',
        },
      }),
    );
    expect(
      pastDueNotice(
        {
          loan: { description: '  ', number: '001-100234-1' },
          daysPastDue: 1,
          dueDate: '2025-03-13',
          bringCurrentCents: 47_000,
        },
        texts,
      ),
    ).toBe('****2341: one day late since 03/13/2025; $470.00 makes it current.');
    expect(amountDueLines(LATE, texts).map((line) => line.label)).toContain('Late fees');
  });

  it('lists the parts of the amount due that are more than 0, the late ones marked', () => {
    expect(amountDueLines(LATE, pastDueTextsOf(settings()))).toEqual([
      { label: 'Missed installments (2)', cents: 84_000, late: true },
      { label: 'Late charges and fees', cents: 5_000, late: true },
      { label: 'Current installment', cents: 42_000, late: false },
    ]);
  });
});
