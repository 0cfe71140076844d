import { pastDueNotice, pastDueTextsOf } from '@portal/domain';
import { createSettingsAccessor } from '@portal/settings-schema';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../testing/pdf-text';
import { renderStatementPdf, type StatementDocument } from './statement-pdf';

const settings = (english: Record<string, Record<string, string>> = {}) =>
  createSettingsAccessor({ shared: {}, english });

/**
 * An auto loan's statement of 03/14/2025: the installment due 01/30/2025 unpaid (43 days), two
 * installments of $420.00 missed, the current one and $50.00 of late charges.
 */
function pastDueStatement(overrides: Partial<StatementDocument> = {}): StatementDocument {
  return {
    branding: { institutionName: 'Harbor Community Bank', primaryColor: '#0b3d91' },
    account: {
      number: '001-100234-1',
      description: 'Auto Loan',
      name: 'Jordan Rivers',
      address: ['12 Harbor Way', 'Portland, ME 04101'],
    },
    statementDate: '2025-03-14',
    periodStart: '2025-02-15',
    snapshot: {
      openingBalanceCents: 1_200_000,
      closingBalanceCents: 1_200_000,
      amountDueCents: 131_000,
      dueDate: '2025-01-30',
      interestCents: 6_000,
      feesCents: 2_500,
      paymentsCents: 0,
      principalPaidCents: 0,
      installmentCents: 42_000,
      lateChargesCents: 5_000,
      otherFeesCents: 0,
    },
    lines: [],
    pastDueTexts: pastDueTextsOf(settings()),
    ...overrides,
  };
}

const textOf = async (statement: StatementDocument) =>
  (await pdfText(await renderStatementPdf(statement))).replace(/\s+/g, ' ');

describe('the statement of a past-due loan', () => {
  it('says past due in the words the dashboard and the loan page use, with the breakdown', async () => {
    const statement = pastDueStatement();
    const text = await textOf(statement);
    expect(text).toContain('Payment past due');
    expect(text).toContain(
      pastDueNotice(
        {
          loan: { description: 'Auto Loan', number: '001-100234-1' },
          daysPastDue: 43,
          dueDate: '2025-01-30',
          bringCurrentCents: 84_000,
        },
        statement.pastDueTexts,
      ),
    );
    expect(text).toContain(
      'Auto Loan ****2341 is 43 days past due. Pay $840.00 to bring it current (due since 01/30/2025).',
    );
    expect(text).toContain('Missed installments (2) $840.00');
    expect(text).toContain('Late charges and fees $50.00');
    expect(text).toContain('Current installment $420.00');
  });

  it("takes the institution's wording from its settings", async () => {
    const text = await textOf(
      pastDueStatement({
        pastDueTexts: pastDueTextsOf(
          settings({
            accountSummaryTexts: {
              pastDueTitleText: 'Overdue',
              pastDueText: '{loan} has been overdue {days}; send {amount} to catch up.',
              pastDueDaysText: '{n} days now',
              missedInstallmentsText: 'Unpaid installments: {count}',
            },
          }),
        ),
      }),
    );
    expect(text).toContain('Overdue');
    expect(text).toContain(
      'Auto Loan ****2341 has been overdue 43 days now; send $840.00 to catch up.',
    );
    expect(text).toContain('Unpaid installments: 2 $840.00');
    expect(text).not.toContain('Payment past due');
    expect(text).not.toMatch(/past due/i);
  });

  it('has the whole amount due bring it current on a statement that kept no parts', async () => {
    const { snapshot } = pastDueStatement();
    const text = await textOf(
      pastDueStatement({
        snapshot: {
          ...snapshot,
          installmentCents: undefined,
          lateChargesCents: undefined,
          otherFeesCents: undefined,
        },
      }),
    );
    expect(text).toContain('Pay $1,310.00 to bring it current');
    expect(text).not.toContain('Missed installments');
  });

  it('says nothing of past due on a loan that is current', async () => {
    const { snapshot } = pastDueStatement();
    const text = await textOf(
      pastDueStatement({
        snapshot: { ...snapshot, dueDate: '2025-04-02', amountDueCents: 42_000 },
      }),
    );
    expect(text).not.toContain('Payment past due');
    expect(text).toContain('Payment due date 04/02/2025');
  });
});
