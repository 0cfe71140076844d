import type { SettingsAccessor } from '@portal/settings-schema';
import { isEmailAddress } from '../rules/contact-fields';
import { fillPlaceholders } from '../rules/formats';

/**
 * The messages screen's rules (spec 002 "Messages (contact) screen", sections 5, 8 and 9),
 * written once: the portal's form guides with them, the server's `POST /api/Messages/Feedback`
 * and `/ContactUs` decide with them, and both word a problem with `messageProblemText`.
 */

/**
 * Section 9: e-mail at most 100 characters, a branch number of at most 4 digits. The specs give
 * no limit for the name and the subject; 100 each is the product's choice. The message's limit
 * is a setting (messagesOptions.messageMaxLength, 300 by default).
 */
export const MESSAGE_LIMITS = { name: 100, email: 100, subject: 100, branchDigits: 4 } as const;

/** How was your experience: Good or Could Be Better (FeedbackType on the wire). */
export const FEEDBACK_EXPERIENCES = ['Good', 'CouldBeBetter'] as const;
export type FeedbackExperience = (typeof FEEDBACK_EXPERIENCES)[number];

/** The most reasons feedback offers (spec 002: "up to five configurable options"). */
export const MOST_FEEDBACK_REASONS = 5;

/** The fields of the two calls, by their wire names (the server's answer names them so). */
export const MESSAGE_FIELDS = [
  'Name',
  'Email',
  'ServicingBranch',
  'FeedbackType',
  'SurveyQuestions',
  'Subject',
  'Message',
  'ReCaptchaCode',
] as const;
export type MessageField = (typeof MESSAGE_FIELDS)[number];

export type MessageProblem =
  | 'nameRequired'
  | 'nameTooLong'
  | 'emailRequired'
  | 'emailInvalid'
  | 'branchNumberInvalid'
  | 'experienceRequired'
  | 'reasonUnknown'
  | 'subjectRequired'
  | 'subjectTooLong'
  | 'messageRequired'
  | 'messageTooLong'
  | 'captchaRequired';

export type MessageProblems = Partial<Record<MessageField, MessageProblem>>;

/** What the institution's settings make of the screen. */
export interface MessageRules {
  /** The message's most characters (messagesOptions.messageMaxLength). */
  messageMaxLength: number;
  /** The feedback reasons offered, at most five. */
  reasonOptions: readonly string[];
  /** Whether a question needs the captcha (messagesOptions.useCaptchaOption). */
  captcha: boolean;
  /** Whether Feedback is offered besides Question (not messagesOptions.hideFeedbackOption). */
  feedbackOffered: boolean;
}

export function messageRulesOf(settings: SettingsAccessor): MessageRules {
  return {
    messageMaxLength: Math.max(1, settings.get('messagesOptions.messageMaxLength')),
    reasonOptions: settings
      .get('messagesOptions.feedbackReasonOptions')
      .slice(0, MOST_FEEDBACK_REASONS),
    captcha: settings.get('messagesOptions.useCaptchaOption'),
    feedbackOffered: !settings.get('messagesOptions.hideFeedbackOption'),
  };
}

/** What a logged-out visitor says of themself; a signed-in user's comes from the session. */
export interface MessageSender {
  name: string;
  email: string;
  /** Optional: '' when not given. */
  branch: string;
}

export function senderProblems(sender: MessageSender): MessageProblems {
  const problems: MessageProblems = {};
  const name = sender.name.trim();
  if (name === '') problems.Name = 'nameRequired';
  else if (name.length > MESSAGE_LIMITS.name) problems.Name = 'nameTooLong';
  const email = sender.email.trim();
  if (email === '') problems.Email = 'emailRequired';
  else if (email.length > MESSAGE_LIMITS.email || !isEmailAddress(email)) {
    problems.Email = 'emailInvalid';
  }
  const branch = sender.branch.trim();
  if (branch !== '' && !new RegExp(`^\\d{1,${MESSAGE_LIMITS.branchDigits}}$`).test(branch)) {
    problems.ServicingBranch = 'branchNumberInvalid';
  }
  return problems;
}

/** Spec 002 section 5: a question needs a subject and a message. */
export function questionProblems(
  question: { subject: string; message: string },
  rules: Pick<MessageRules, 'messageMaxLength'>,
): MessageProblems {
  const problems: MessageProblems = {};
  const subject = question.subject.trim();
  if (subject === '') problems.Subject = 'subjectRequired';
  else if (subject.length > MESSAGE_LIMITS.subject) problems.Subject = 'subjectTooLong';
  if (question.message.trim() === '') problems.Message = 'messageRequired';
  else if (question.message.length > rules.messageMaxLength) problems.Message = 'messageTooLong';
  return problems;
}

export function isFeedbackExperience(value: string): value is FeedbackExperience {
  return FEEDBACK_EXPERIENCES.some((experience) => experience === value);
}

/** Feedback: Good or Could Be Better, a reason of the institution's (optional), a message (optional). */
export function feedbackProblems(
  feedback: { experience: string; reasons: readonly string[]; message: string },
  rules: Pick<MessageRules, 'messageMaxLength' | 'reasonOptions'>,
): MessageProblems {
  const problems: MessageProblems = {};
  if (!isFeedbackExperience(feedback.experience)) problems.FeedbackType = 'experienceRequired';
  if (feedback.reasons.some((reason) => !rules.reasonOptions.includes(reason))) {
    problems.SurveyQuestions = 'reasonUnknown';
  }
  if (feedback.message.length > rules.messageMaxLength) problems.Message = 'messageTooLong';
  return problems;
}

/**
 * The counter under the message (spec 002 sections 5 and 9): a warning while 51 to 99 characters
 * are left, an error at 50 or fewer.
 */
export type MessageCounterState = 'normal' | 'warning' | 'error';

export function messageCounterState(charactersLeft: number): MessageCounterState {
  if (charactersLeft <= 50) return 'error';
  if (charactersLeft < 100) return 'warning';
  return 'normal';
}

/** A problem in the institution's words (the `messagesTexts.*` settings). */
export function messageProblemText(
  problem: MessageProblem,
  settings: SettingsAccessor,
  rules: Pick<MessageRules, 'messageMaxLength'>,
): string {
  const tooLong = (most: number) =>
    fillPlaceholders(settings.get('messagesTexts.tooLongText'), { n: most });
  switch (problem) {
    case 'nameRequired':
      return settings.get('messagesTexts.nameRequiredText');
    case 'nameTooLong':
      return tooLong(MESSAGE_LIMITS.name);
    case 'emailRequired':
      return settings.get('messagesTexts.emailRequiredText');
    case 'emailInvalid':
      return settings.get('messagesTexts.emailInvalidText');
    case 'branchNumberInvalid':
      return settings.get('messagesTexts.branchNumberInvalidText');
    case 'experienceRequired':
      return settings.get('messagesTexts.experienceRequiredText');
    case 'reasonUnknown':
      return settings.get('messagesTexts.errorText');
    case 'subjectRequired':
      return settings.get('messagesTexts.subjectRequiredText');
    case 'subjectTooLong':
      return tooLong(MESSAGE_LIMITS.subject);
    case 'messageRequired':
      return settings.get('messagesTexts.messageRequiredText');
    case 'messageTooLong':
      return tooLong(rules.messageMaxLength);
    case 'captchaRequired':
      return settings.get('messagesTexts.captchaRequiredText');
  }
}

/**
 * Where a feedback was sent from, as kept: the address without its query, so a token a page
 * address might carry is never stored.
 */
export function returnUrlKept(url: string): string {
  return url.split('?')[0]?.trim().slice(0, 500) ?? '';
}
