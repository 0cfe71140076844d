import { describe, expect, it } from 'vitest';
import { generateDepositHistory, generateLoanHistory, type LoanBehaviour } from './demo-history';
import {
  amortizedInstallment,
  amountDue,
  isPastDue,
  type LoanTerms,
  type LoanTransaction,
  nextDueDate,
} from './loan-engine';

const TODAY = '2025-03-14';

function terms(overrides: Partial<LoanTerms> = {}): LoanTerms {
  return {
    originationDate: '2022-05-16',
    originalPrincipalCents: 2_500_000,
    rateHundredths: 649,
    termPayments: 60,
    installmentCents: amortizedInstallment(2_500_000, 649, 60, 'monthly'),
    frequency: 'monthly',
    firstDueDate: '2022-06-16',
    graceDays: 10,
    lateFeeCents: 3_500,
    ...overrides,
  };
}

/** Opening balance plus every transaction equals the balance the loan ends with. */
function expectReconciles(history: readonly LoanTransaction[], finalPrincipal: number) {
  let balance = 0;
  for (const line of history) {
    if (line.kind === 'disbursement') balance += line.principalCents;
    if (line.kind === 'payment') balance -= line.principalCents;
    expect(line.principalBalanceCents).toBe(balance);
  }
  expect(balance).toBe(finalPrincipal);
}

describe('generated demo loans', () => {
  const cases: [string, LoanBehaviour][] = [
    ['on time', { kind: 'onTime' }],
    ['past due', { kind: 'pastDue', missed: 2 }],
    ['paid ahead', { kind: 'paidAhead', installments: 3, daysAgo: 40 }],
    ['paid off', { kind: 'paidOff', daysAgo: 200 }],
  ];

  it.each(cases)('reconciles history, balance and statements (%s)', (_name, behaviour) => {
    const loan = terms();
    const generated = generateLoanHistory(loan, behaviour, TODAY);
    expectReconciles(generated.transactions, generated.state.principalCents);
    // Statements: monthly, each opening with the previous one's closing balance.
    expect(generated.statements.length).toBeGreaterThan(20);
    for (let index = 1; index < generated.statements.length; index += 1) {
      const previous = generated.statements[index - 1];
      const statement = generated.statements[index];
      expect(statement?.snapshot.openingBalanceCents).toBe(previous?.snapshot.closingBalanceCents);
      expect((statement?.periodStart ?? '') > (previous?.date ?? '')).toBe(true);
    }
    // Each statement's summary adds up: opening less principal paid plus advances is closing.
    for (const { snapshot } of generated.statements) {
      expect(
        snapshot.openingBalanceCents -
          (snapshot.principalPaidCents ?? Number.NaN) +
          (snapshot.advancesCents ?? Number.NaN),
      ).toBe(snapshot.closingBalanceCents);
    }
    // Interest recorded equals interest paid plus interest still owed (as recorded).
    const recorded = generated.transactions
      .filter((line) => line.kind === 'interest')
      .reduce((sum, line) => sum + line.interestCents, 0);
    expect(recorded).toBe(generated.state.interestRecordedCents);
  });

  it('leaves each scenario in its state', () => {
    const loan = terms();
    const onTime = generateLoanHistory(loan, { kind: 'onTime' }, TODAY).state;
    expect(isPastDue(loan, onTime, TODAY)).toBe(false);
    expect(onTime.lateChargesDueCents).toBe(0);

    const pastDue = generateLoanHistory(loan, { kind: 'pastDue', missed: 2 }, TODAY).state;
    expect(isPastDue(loan, pastDue, TODAY)).toBe(true);
    expect(pastDue.lateChargesDueCents).toBeGreaterThanOrEqual(3_500);
    expect(amountDue(loan, pastDue, TODAY)).toBeGreaterThan(2 * loan.installmentCents);

    const ahead = generateLoanHistory(
      loan,
      { kind: 'paidAhead', installments: 3, daysAgo: 40 },
      TODAY,
    ).state;
    expect(amountDue(loan, ahead, TODAY)).toBe(0);
    expect((nextDueDate(loan, ahead) ?? '') > '2025-05-01').toBe(true);

    const paidOff = generateLoanHistory(loan, { kind: 'paidOff', daysAgo: 200 }, TODAY).state;
    expect(paidOff.principalCents).toBe(0);
    expect(paidOff.paidOffDate).not.toBeNull();
  });

  it('runs a line of credit with advances and pays it down to zero', () => {
    const line = terms({
      originalPrincipalCents: 0,
      installmentCents: 7_500,
      termPayments: 600,
      rateHundredths: 1_199,
      creditLimitCents: 1_000_000,
    });
    const drawn = generateLoanHistory(
      line,
      { kind: 'line', advances: [{ daysAgo: 500, amountCents: 400_000 }] },
      TODAY,
    );
    expectReconciles(drawn.transactions, drawn.state.principalCents);
    expect(drawn.state.principalCents).toBeGreaterThan(0);
    expect(drawn.state.principalCents).toBeLessThan(400_000);
    const paid = generateLoanHistory(
      line,
      { kind: 'line', advances: [{ daysAgo: 500, amountCents: 400_000 }], paidDownDaysAgo: 60 },
      TODAY,
    );
    expect(paid.state.principalCents).toBe(0);
    expect(amountDue(line, paid.state, TODAY)).toBe(0);
  });

  it('runs deposits with month-end interest, the lines adding up to the balance', () => {
    const deposit = generateDepositHistory({
      number: '001-500322-3',
      openedOn: '2023-01-10',
      openingCents: 500_000,
      rateHundredths: 425,
      fixed: false,
      today: TODAY,
    });
    let balance = 0;
    for (const line of deposit.lines) {
      balance += line.kind === 'withdrawal' ? -line.amountCents : line.amountCents;
      expect(line.balanceCents).toBe(balance);
    }
    expect(balance).toBe(deposit.balanceCents);
    expect(deposit.lines.some((line) => line.kind === 'dividend')).toBe(true);
    // Each statement's summary adds up, withdrawals included.
    expect(deposit.statements.length).toBeGreaterThan(20);
    for (const { snapshot } of deposit.statements) {
      expect(
        snapshot.openingBalanceCents +
          snapshot.paymentsCents +
          snapshot.interestCents -
          snapshot.feesCents -
          (snapshot.withdrawalsCents ?? Number.NaN),
      ).toBe(snapshot.closingBalanceCents);
    }
    expect(deposit.statements.some(({ snapshot }) => (snapshot.withdrawalsCents ?? 0) > 0)).toBe(
      true,
    );
    // The same account number generates the same history.
    expect(
      generateDepositHistory({
        number: '001-500322-3',
        openedOn: '2023-01-10',
        openingCents: 500_000,
        rateHundredths: 425,
        fixed: false,
        today: TODAY,
      }),
    ).toEqual(deposit);
  });
});
