import { createSettingsAccessor } from '@portal/settings-schema';
import { describe, expect, it } from 'vitest';
import { applyInputOf, ApplyRequest } from '../api/loan-applications';
import {
  APPLICATION_STATUS_MOVES,
  APPLICATION_STATUSES,
  applicationStatusChangeProblem,
  applicationStatusChangeProblemText,
  applicationStatusMoves,
  employmentStatusText,
  loanApplicationEntry,
  loanApplicationLabel,
  loanApplicationProblems,
  loanApplicationProblemTexts,
  loanApplicationSummary,
  loanProductsOf,
  loanTermText,
  type LoanApplicationInput,
} from './loan-application';

const settings = (globalOptions: Record<string, string>, products?: unknown[]) =>
  createSettingsAccessor({
    shared: {
      globalOptions,
      ...(products ? { loanApplicationOptions: { products: JSON.stringify(products) } } : {}),
    },
    english: {},
  });

const PRODUCT = {
  id: 'personal',
  name: 'Personal Loan',
  minAmountCents: 100_000,
  maxAmountCents: 5_000_000,
  termsMonths: [60, 12, 36, 12],
  documents: ['Pay stub'],
};

const GOOD: LoanApplicationInput = {
  productId: 'personal',
  amountRequestedCents: 1_250_000,
  termMonths: 36,
  purpose: 'A new roof',
  annualIncomeCents: 8_500_000,
  employmentStatus: 'fullTime',
  contactConsent: true,
};

describe('where Apply for a loan leads', () => {
  it('goes to the institution’s own site when its address is set, whatever else is on', () => {
    expect(
      loanApplicationEntry(
        settings({
          applyForLoanURLOption: ' https://apply.example.com ',
          useEgtConsumerOption: 'true',
        }),
      ),
    ).toEqual({ kind: 'external', url: 'https://apply.example.com' });
  });

  it('opens the portal’s form where the institution takes applications in the portal and offers a product', () => {
    expect(loanApplicationEntry(settings({ useEgtConsumerOption: 'true' }))).toEqual({
      kind: 'form',
    });
    expect(loanApplicationEntry(settings({ useEgtConsumerOption: 'true' }, []))).toEqual({
      kind: 'none',
    });
    expect(loanApplicationEntry(settings({}))).toEqual({ kind: 'none' });
  });
});

describe('the products offered', () => {
  it('reads the default list, each with its amounts, terms and documents', () => {
    const products = loanProductsOf(settings({}));
    expect(products.map((product) => product.id)).toEqual(['personal', 'auto', 'home-improvement']);
    expect(products[0]).toMatchObject({
      name: 'Personal Loan',
      minAmountCents: 100_000,
      maxAmountCents: 5_000_000,
      termsMonths: [12, 24, 36, 48, 60],
    });
    expect(products[0]?.documents).toContain('Government-issued photo ID');
  });

  it('sorts the terms, and leaves out an entry that cannot be a product and a repeated id', () => {
    const products = loanProductsOf(
      settings({}, [
        PRODUCT,
        { ...PRODUCT, name: 'Again' },
        { ...PRODUCT, id: 'upside-down', minAmountCents: 10, maxAmountCents: 5 },
      ]),
    );
    expect(products).toEqual([{ ...PRODUCT, termsMonths: [12, 36, 60] }]);
  });
});

describe('the application’s rules', () => {
  const products = loanProductsOf(settings({}, [PRODUCT]));

  it('takes a complete application', () => {
    expect(loanApplicationProblems(GOOD, products)).toEqual({});
  });

  it('names each mistake by field, the amount and the term by the product’s own limits', () => {
    const problems = loanApplicationProblems(
      {
        productId: 'personal',
        amountRequestedCents: 99_999,
        termMonths: 24,
        purpose: '  ',
        annualIncomeCents: 1_000_000_001,
        employmentStatus: '',
        contactConsent: false,
      },
      products,
    );
    expect(loanApplicationProblemTexts(problems, products[0], settings({}))).toEqual([
      { field: 'AmountRequested', text: 'The smallest Personal Loan is $1,000.00.' },
      { field: 'TermMonths', text: 'Choose a term of 12, 36 or 60 months for this loan.' },
      { field: 'Purpose', text: 'Say what the loan is for.' },
      { field: 'AnnualIncome', text: 'Enter a yearly income of $10,000,000.00 or less.' },
      { field: 'EmploymentStatus', text: 'Choose your employment.' },
      {
        field: 'ContactConsent',
        text: 'To apply, agree that we may contact you about this application.',
      },
    ]);
    expect(loanApplicationProblems({ ...GOOD, amountRequestedCents: 5_000_001 }, products)).toEqual(
      { AmountRequested: 'amountTooHigh' },
    );
    expect(loanApplicationProblems({ ...GOOD, purpose: 'x'.repeat(201) }, products)).toEqual({
      Purpose: 'purposeTooLong',
    });
    // An income of nothing is an answer (retired, between jobs).
    expect(loanApplicationProblems({ ...GOOD, annualIncomeCents: 0 }, products)).toEqual({});
  });

  it('words each problem, label and choice in the institution’s own wording', () => {
    const own = createSettingsAccessor({
      shared: {},
      english: {
        loanApplicationTexts: {
          amountTooLowText: 'At least {amount} for a {product}, please.',
          termNotOfferedText: 'Pick {terms} months.',
          termsOrText: 'or else',
          purposeTooLongText: 'No more than {n} characters.',
          incomeLabel: 'Income each year',
          termMonthsText: '{n} monthly payments',
          retiredText: 'Retired (pension)',
        },
      },
    });
    const problems = loanApplicationProblems(
      { ...GOOD, amountRequestedCents: 1, termMonths: 24, purpose: 'x'.repeat(201) },
      products,
    );
    expect(loanApplicationProblemTexts(problems, products[0], own)).toEqual([
      { field: 'AmountRequested', text: 'At least $1,000.00 for a Personal Loan, please.' },
      { field: 'TermMonths', text: 'Pick 12, 36 or else 60 months.' },
      { field: 'Purpose', text: 'No more than 200 characters.' },
    ]);
    expect(loanApplicationLabel('AnnualIncome', own)).toBe('Income each year');
    expect(loanTermText(36, own)).toBe('36 monthly payments');
    expect(loanTermText(1, own)).toBe('1 month');
    expect(employmentStatusText('retired', own)).toBe('Retired (pension)');
    // Without a product there are no limits to name: the kind of loan is asked for first.
    expect(
      loanApplicationProblemTexts({ AmountRequested: 'amountTooLow' }, undefined, own),
    ).toEqual([{ field: 'AmountRequested', text: 'Choose the kind of loan.' }]);
  });

  it('asks for a product again when the one sent is not offered, and a term when none is given', () => {
    expect(
      loanApplicationProblems({ ...GOOD, productId: 'yacht', termMonths: 0 }, products),
    ).toEqual({ ProductId: 'productRequired', TermMonths: 'termRequired' });
  });

  it('reads the wire’s decimal dollars as cents, trimmed', () => {
    expect(
      applyInputOf(
        ApplyRequest.parse({
          ProductId: ' personal ',
          AmountRequested: 12_500.5,
          TermMonths: 36,
          Purpose: ' A new roof ',
          AnnualIncome: 85_000,
          EmploymentStatus: 'fullTime',
          ContactConsent: true,
        }),
      ),
    ).toEqual({ ...GOOD, amountRequestedCents: 1_250_050 });
  });

  it('writes the work queue’s line', () => {
    expect(
      loanApplicationSummary({
        productName: 'Auto Loan',
        number: 'A-250001',
        amountRequestedCents: 2_000_000,
      }),
    ).toBe('Auto Loan application A-250001 for $20,000.00');
  });
});

describe('the statuses and their moves', () => {
  it('moves forward to Approved and Funded, out by Declined or Withdrawn, and nowhere from a final status', () => {
    expect(applicationStatusMoves('Received')).toEqual([
      'In Review',
      'Documents Needed',
      'Approved',
      'Declined',
      'Withdrawn',
    ]);
    expect(applicationStatusMoves('Documents Needed')).toContain('In Review');
    expect(applicationStatusMoves('Approved')).toEqual(['Funded', 'Withdrawn']);
    for (const final of ['Declined', 'Withdrawn', 'Funded']) {
      expect(applicationStatusMoves(final)).toEqual([]);
    }
    expect(applicationStatusMoves('Pending at the host')).toEqual([]);
    // Every move leads to a status of the lifecycle, and never back to Received.
    for (const moves of Object.values(APPLICATION_STATUS_MOVES)) {
      for (const status of moves) expect(APPLICATION_STATUSES).toContain(status);
      expect(moves).not.toContain('Received');
    }
  });

  const received = { status: 'Received', amountRequestedCents: 1_250_000 };
  const today = '2026-03-10';

  it('asks an approval for its amount, at most the amount requested', () => {
    expect(applicationStatusChangeProblem(received, { status: 'Approved' }, today)).toBe(
      'approvedAmountRequired',
    );
    expect(
      applicationStatusChangeProblem(
        received,
        { status: 'Approved', amountApprovedCents: 1_250_001 },
        today,
      ),
    ).toBe('approvedAmountTooHigh');
    expect(
      applicationStatusChangeProblem(
        received,
        { status: 'Approved', amountApprovedCents: 1_000_000, fundsExpected: today },
        today,
      ),
    ).toBeUndefined();
    expect(
      applicationStatusChangeProblem(
        received,
        { status: 'Declined', amountApprovedCents: 1_000 },
        today,
      ),
    ).toBe('approvedAmountOnlyWhenApproving');
  });

  it('takes a funds date only with Approved or Funded, and not before today', () => {
    expect(
      applicationStatusChangeProblem(
        received,
        { status: 'Approved', amountApprovedCents: 1_000, fundsExpected: '2026-03-09' },
        today,
      ),
    ).toBe('fundsExpectedPast');
    expect(
      applicationStatusChangeProblem(
        received,
        { status: 'In Review', fundsExpected: '2026-03-12' },
        today,
      ),
    ).toBe('fundsExpectedOnlyWhenApproved');
  });

  it('says which moves there are when one is not allowed', () => {
    const approved = { status: 'Approved', amountRequestedCents: 1_250_000 };
    expect(applicationStatusChangeProblem(approved, { status: 'Declined' }, today)).toBe(
      'notAllowed',
    );
    expect(applicationStatusChangeProblemText('notAllowed', approved, 'Declined')).toBe(
      'An application that is Approved can move to Funded or Withdrawn, not Declined.',
    );
    expect(
      applicationStatusChangeProblemText(
        'notAllowed',
        { status: 'Funded', amountRequestedCents: 1 },
        'Approved',
      ),
    ).toBe('An application that is Funded cannot change status.');
  });
});
