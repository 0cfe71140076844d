import {
  findLoanProduct,
  loanApplicationProblems,
  loanApplicationProblemTexts,
  parseUsd,
  type ApplyRequest,
  type LoanApplicationField,
  type LoanApplicationProblems,
  type LoanProduct,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { FieldErrors, Resolver } from 'react-hook-form';

/**
 * The application form's values as typed (amounts as text, the term as its select's value), and
 * their way to the wire: checked with the domain's rules in the institution's words
 * (applications/loan-application.ts, as the server checks them), the dollars typed turned into
 * cents by the domain's parser (the request's schema makes them the wire's decimal dollars when
 * it is sent: applyForLoan).
 */
export interface ApplicationFormValues {
  productId: string;
  amount: string;
  term: string;
  purpose: string;
  income: string;
  employment: string;
  consent: boolean;
}

export const EMPTY_APPLICATION: ApplicationFormValues = {
  productId: '',
  amount: '',
  term: '',
  purpose: '',
  income: '',
  employment: '',
  consent: false,
};

export type ApplicationFormField = keyof ApplicationFormValues;

/** The form's field of each wire field (a refusal names the wire's). */
export const FORM_FIELD_OF: Readonly<Record<LoanApplicationField, ApplicationFormField>> = {
  ProductId: 'productId',
  AmountRequested: 'amount',
  TermMonths: 'term',
  Purpose: 'purpose',
  AnnualIncome: 'income',
  EmploymentStatus: 'employment',
  ContactConsent: 'consent',
};

/** What the rules say of the form: each problem's words, by the form's field, in form order. */
export function applicationFormProblems(
  values: ApplicationFormValues,
  products: readonly LoanProduct[],
  settings: Pick<SettingsAccessor, 'get'>,
): { field: ApplicationFormField; text: string }[] {
  const amount = parseUsd(values.amount);
  const income = parseUsd(values.income);
  const problems: LoanApplicationProblems = loanApplicationProblems(
    {
      productId: values.productId,
      // Text that is no amount (or nothing): the rules' "in dollars, like …".
      amountRequestedCents: amount ?? -1,
      termMonths: Number(values.term) || 0,
      purpose: values.purpose,
      annualIncomeCents: income ?? -1,
      employmentStatus: values.employment,
      contactConsent: values.consent,
    },
    products,
  );
  return loanApplicationProblemTexts(
    problems,
    findLoanProduct(products, values.productId),
    settings,
  ).map(({ field, text }) => ({ field: FORM_FIELD_OF[field], text }));
}

/** The request exactly as it will be sent, money in cents (the review shows this, nothing else). */
export function applicationRequestOf(values: ApplicationFormValues): ApplyRequest {
  return {
    ProductId: values.productId,
    AmountRequested: parseUsd(values.amount) ?? 0,
    TermMonths: Number(values.term) || 0,
    Purpose: values.purpose.trim(),
    AnnualIncome: parseUsd(values.income) ?? 0,
    EmploymentStatus: values.employment,
    ContactConsent: values.consent,
  };
}

/** react-hook-form's resolver on the domain's rules for the institution's products and words. */
export function applicationResolver(
  products: readonly LoanProduct[],
  settings: Pick<SettingsAccessor, 'get'>,
): Resolver<ApplicationFormValues> {
  return (values) => {
    const errors: FieldErrors<ApplicationFormValues> = {};
    for (const { field, text } of applicationFormProblems(values, products, settings)) {
      errors[field] = { type: 'rules', message: text };
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}
