import type { SettingKey, SettingsAccessor } from '@portal/settings-schema';
import type { CalendarDate } from '../rules/calendar';
import { formatUsDate } from '../rules/date-formats';
import { fillPlaceholders } from '../rules/formats';
import { formatUsd, type Cents } from '../rules/money';
import { loanName, type NamedLoan } from '../payments/payment-review';
import type { AmountDueBreakdown } from './amount-due';

/**
 * How a past-due loan is said, in the institution's words (issue 20 item 10): the notice on the
 * dashboard's summary, at the top of the loan page and on the monthly statement ('Auto Loan
 * ****2341 is 43 days past due. Pay $890.00 to bring it current (due since 01/30/2025).'), and the
 * lines its amount due is made of. One function builds each, so the screens and the statement
 * cannot drift apart; the words are the `accountSummaryTexts.*` settings.
 */
export interface PastDueTexts {
  /** 'Payment past due'. */
  title: string;
  /** '{loan} is {days} past due. Pay {amount} to bring it current (due since {dueDate}).' */
  notice: string;
  /** The notice when payments processing leave part of it: {processing}, {amount} left. */
  noticeWithProcessing: string;
  /** The notice when payments processing pay all that brings it current: {processing}. */
  noticeCovered: string;
  /** '{n} days'. */
  days: string;
  /** '1 day'. */
  oneDay: string;
  /** 'What makes up the amount due'. */
  breakdownHeading: string;
  /** 'Missed installments ({count})'. */
  missedInstallments: string;
  lateCharges: string;
  otherFees: string;
  currentInstallment: string;
  totalDue: string;
  bringCurrent: string;
  /**
   * Why the amount that brings a loan current differs from its Amount Due: 'The Amount Due of
   * {amountDue} also counts the current installment of {installment}, not late yet.'
   */
  amountDueIncludes: string;
  /** The same with late charges and fees owed: '... and late charges and fees of {fees}.' */
  amountDueIncludesFees: string;
}

/** The setting of each past-due wording. */
export const PAST_DUE_TEXT_KEYS = {
  title: 'accountSummaryTexts.pastDueTitleText',
  notice: 'accountSummaryTexts.pastDueText',
  noticeWithProcessing: 'accountSummaryTexts.pastDueProcessingText',
  noticeCovered: 'accountSummaryTexts.pastDueCoveredText',
  days: 'accountSummaryTexts.pastDueDaysText',
  oneDay: 'accountSummaryTexts.pastDueOneDayText',
  breakdownHeading: 'accountSummaryTexts.amountDueHeadingText',
  missedInstallments: 'accountSummaryTexts.missedInstallmentsText',
  lateCharges: 'accountSummaryTexts.lateChargesText',
  otherFees: 'accountSummaryTexts.otherFeesText',
  currentInstallment: 'accountSummaryTexts.currentInstallmentText',
  totalDue: 'accountSummaryTexts.totalDueText',
  bringCurrent: 'accountSummaryTexts.bringCurrentText',
  amountDueIncludes: 'accountSummaryTexts.amountDueIncludesText',
  amountDueIncludesFees: 'accountSummaryTexts.amountDueIncludesFeesText',
} as const satisfies Record<keyof PastDueTexts, SettingKey>;

/** The institution's past-due wordings, read from its settings. */
export function pastDueTextsOf(settings: Pick<SettingsAccessor, 'get'>): PastDueTexts {
  const k = PAST_DUE_TEXT_KEYS;
  return {
    title: settings.get(k.title),
    notice: settings.get(k.notice),
    noticeWithProcessing: settings.get(k.noticeWithProcessing),
    noticeCovered: settings.get(k.noticeCovered),
    days: settings.get(k.days),
    oneDay: settings.get(k.oneDay),
    breakdownHeading: settings.get(k.breakdownHeading),
    missedInstallments: settings.get(k.missedInstallments),
    lateCharges: settings.get(k.lateCharges),
    otherFees: settings.get(k.otherFees),
    currentInstallment: settings.get(k.currentInstallment),
    totalDue: settings.get(k.totalDue),
    bringCurrent: settings.get(k.bringCurrent),
    amountDueIncludes: settings.get(k.amountDueIncludes),
    amountDueIncludesFees: settings.get(k.amountDueIncludesFees),
  };
}

/**
 * Why the past-due notice's figure (what brings the loan current) is not the loan's Amount Due
 * beside it in the account list (issue 20): the Amount Due also counts the current installment,
 * which is not late, and the late charges and fees, which are owed but do not make it past due.
 * Undefined when the two are the same figure.
 */
export function amountDueDifference(
  breakdown: Pick<
    AmountDueBreakdown,
    | 'totalCents'
    | 'bringCurrentCents'
    | 'currentInstallmentCents'
    | 'lateChargesCents'
    | 'otherFeesCents'
  >,
  texts: Pick<PastDueTexts, 'amountDueIncludes' | 'amountDueIncludesFees'>,
): string | undefined {
  if (breakdown.bringCurrentCents <= 0 || breakdown.totalCents <= breakdown.bringCurrentCents) {
    return undefined;
  }
  const feesCents = breakdown.lateChargesCents + breakdown.otherFeesCents;
  return fillPlaceholders(feesCents > 0 ? texts.amountDueIncludesFees : texts.amountDueIncludes, {
    amountDue: formatUsd(breakdown.totalCents),
    installment: formatUsd(breakdown.currentInstallmentCents),
    fees: formatUsd(feesCents),
  });
}

/** How late a loan is: '43 days', '1 day'. */
export function daysPastDueWording(days: number, texts: Pick<PastDueTexts, 'days' | 'oneDay'>) {
  return days === 1 ? texts.oneDay : fillPlaceholders(texts.days, { n: days });
}

/**
 * The past-due notice: the loan by its name and masked number (`loanName`), how late it is, what
 * brings it current and since when it is due. With payments processing (paid, not yet credited
 * by the core, which still counts the loan late), it says what they pay and what they leave to
 * bring it current, or that they bring it current: a borrower who has just paid is not asked for
 * the whole amount again.
 */
export function pastDueNotice(
  input: {
    loan: NamedLoan;
    daysPastDue: number;
    /** The oldest unpaid installment's due date. */
    dueDate: CalendarDate | undefined;
    bringCurrentCents: Cents;
    /** What the loan's processing payments pay toward the amount due (0 or absent: none). */
    processingCents?: Cents;
  },
  texts: Pick<
    PastDueTexts,
    'notice' | 'noticeWithProcessing' | 'noticeCovered' | 'days' | 'oneDay'
  >,
): string {
  const processingCents = input.processingCents ?? 0;
  const leftCents = Math.max(0, input.bringCurrentCents - processingCents);
  const text =
    processingCents <= 0
      ? texts.notice
      : leftCents === 0
        ? texts.noticeCovered
        : texts.noticeWithProcessing;
  return fillPlaceholders(text, {
    loan: loanName(input.loan),
    days: daysPastDueWording(input.daysPastDue, texts),
    amount: formatUsd(leftCents),
    processing: formatUsd(processingCents),
    dueDate: formatUsDate(input.dueDate),
  });
}

/** One part of an amount due, as a line of its breakdown. */
export interface AmountDueLine {
  label: string;
  cents: Cents;
  /** Owed because the loan is late (missed installments, late charges and fees). */
  late: boolean;
}

/**
 * The parts of an amount due that are more than 0, each with its words: the missed installments
 * (with their count), the late charges, the other fees and the current installment. The total and
 * what brings the loan current follow them on every screen and statement (`totalDue`,
 * `bringCurrent`).
 */
export function amountDueLines(
  breakdown: AmountDueBreakdown,
  texts: Pick<
    PastDueTexts,
    'missedInstallments' | 'lateCharges' | 'otherFees' | 'currentInstallment'
  >,
): AmountDueLine[] {
  const lines: AmountDueLine[] = [
    {
      label: fillPlaceholders(texts.missedInstallments, { count: breakdown.missedInstallments }),
      cents: breakdown.missedInstallmentsCents,
      late: true,
    },
    { label: texts.lateCharges, cents: breakdown.lateChargesCents, late: true },
    { label: texts.otherFees, cents: breakdown.otherFeesCents, late: true },
    { label: texts.currentInstallment, cents: breakdown.currentInstallmentCents, late: false },
  ];
  return lines.filter((line) => line.cents > 0);
}
