import {
  feedbackProblems,
  MESSAGE_FIELDS,
  MessageRefusedResponse,
  messageProblemText,
  questionProblems,
  senderProblems,
  type FeedbackRequest,
  type MessageField,
  type MessageProblems,
  type MessageRules,
  type QuestionRequest,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import type { UserSession } from '../../../lib/session/session-context';

export type MessageType = 'Feedback' | 'Question';

/** The compose form, one shape for both types (changing the type starts it over). */
export interface MessageFormValues {
  type: '' | MessageType;
  /** 'Good' or 'CouldBeBetter'. */
  experience: string;
  reason: string;
  subject: string;
  message: string;
  /** A logged-out visitor's name, e-mail and branch number. */
  name: string;
  email: string;
  branch: string;
  /** The solved captcha ('' until solved). */
  captcha: string;
}

export type MessageFormField = Exclude<keyof MessageFormValues, 'type'>;

export const EMPTY_MESSAGE_FORM: MessageFormValues = {
  type: '',
  experience: '',
  reason: '',
  subject: '',
  message: '',
  name: '',
  email: '',
  branch: '',
  captcha: '',
};

/** The form field of each field of the calls. */
const FORM_FIELD = {
  Name: 'name',
  Email: 'email',
  ServicingBranch: 'branch',
  FeedbackType: 'experience',
  SurveyQuestions: 'reason',
  Subject: 'subject',
  Message: 'message',
  ReCaptchaCode: 'captcha',
} as const satisfies Record<MessageField, MessageFormField>;

/** The fields in the order the form shows them: the first with an error is focused. */
export const FORM_FIELD_ORDER: readonly MessageFormField[] = MESSAGE_FIELDS.map(
  (field) => FORM_FIELD[field],
);

/** The problems of what was typed, by the domain's rules (the server decides with the same). */
function problemsOf(
  values: MessageFormValues,
  rules: MessageRules,
  loggedOut: boolean,
): MessageProblems {
  const sender = loggedOut ? senderProblems(values) : {};
  if (values.type === 'Question') {
    return {
      ...sender,
      ...questionProblems(values, rules),
      ...(rules.captcha && values.captcha === '' ? { ReCaptchaCode: 'captchaRequired' } : {}),
    };
  }
  if (values.type === 'Feedback') {
    const reasons = values.reason === '' ? [] : [values.reason];
    return { ...sender, ...feedbackProblems({ ...values, reasons }, rules) };
  }
  return {};
}

/** The form's zod schema: the domain's rules, worded by the institution's settings. */
export function messageFormSchema(
  settings: SettingsAccessor,
  rules: MessageRules,
  loggedOut: boolean,
) {
  return z
    .object({
      type: z.enum(['', 'Feedback', 'Question']),
      experience: z.string(),
      reason: z.string(),
      subject: z.string(),
      message: z.string(),
      name: z.string(),
      email: z.string(),
      branch: z.string(),
      captcha: z.string(),
    })
    .superRefine((values, context) => {
      const problems = problemsOf(values, rules, loggedOut);
      for (const field of MESSAGE_FIELDS) {
        const problem = problems[field];
        if (!problem) continue;
        context.addIssue({
          code: 'custom',
          path: [FORM_FIELD[field]],
          message: messageProblemText(problem, settings, rules),
        });
      }
    });
}

/** Who sends: the signed-in user, or a visitor (who typed a name and an e-mail). */
function senderOf(values: MessageFormValues, user: UserSession | null) {
  return user
    ? { name: user.personalName, email: user.emailAddress, branch: user.servicingBranch }
    : { name: values.name.trim(), email: values.email.trim(), branch: values.branch.trim() };
}

function alertOf(values: MessageFormValues, user: UserSession | null) {
  const sender = senderOf(values, user);
  return {
    PersonalName: sender.name,
    Username: user?.username ?? '',
    ServicingBranch: sender.branch,
    UserAgent: navigator.userAgent,
    Email: sender.email,
  };
}

export function questionRequestOf(
  values: MessageFormValues,
  user: UserSession | null,
): QuestionRequest {
  const sender = senderOf(values, user);
  return {
    Name: sender.name,
    Email: sender.email,
    Subject: values.subject.trim(),
    Message: values.message.trim(),
    ServicingBranch: sender.branch,
    ...(values.captcha === '' ? {} : { ReCaptchaCode: values.captcha }),
    Alert: alertOf(values, user),
  };
}

export function feedbackRequestOf(
  values: MessageFormValues,
  user: UserSession | null,
  reasonLegend: string,
): FeedbackRequest {
  const message = values.message.trim();
  return {
    FeedbackType: values.experience,
    SurveyQuestions:
      values.reason === '' ? [] : [{ Question: reasonLegend, Answer: values.reason }],
    // An empty message is sent as absent (spec 002 section 6).
    ...(message === '' ? {} : { Message: message }),
    ReturnURL: window.location.href,
    Alert: alertOf(values, user),
  };
}

/**
 * The fields a refused message names, with the server's words for each (a captcha used or
 * expired meanwhile); empty when the refusal names none (the generic failure).
 */
export function refusedFields(error: unknown): Array<{ field: MessageFormField; text: string }> {
  if (!(error instanceof ApiError)) return [];
  const parsed = MessageRefusedResponse.safeParse(error.body);
  if (!parsed.success) return [];
  const { InvalidFields = [], Errors } = parsed.data;
  return InvalidFields.flatMap((field, index) => {
    const text = Errors[index]?.ErrorMessage;
    return text ? [{ field: FORM_FIELD[field], text }] : [];
  });
}
