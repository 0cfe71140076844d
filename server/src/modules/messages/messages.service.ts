import {
  feedbackProblems,
  MESSAGE_FIELDS,
  messageProblemText,
  messageRulesOf,
  questionProblems,
  returnUrlKept,
  senderProblems,
  type FeedbackRequest,
  type MessageField,
  type MessageProblems,
  type MessageRules,
  type QuestionRequest,
  type SignInChallenge,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { Clock } from '../../lib/clock';
import type { DataProtector } from '../../lib/data-protection';
import type { BorrowersService } from '../borrowers/borrowers.service';
import { HOUR_MS, type ThrottleService } from '../throttle/throttle.service';
import type { WorkQueueService } from '../work-queue/work-queue.service';
import { createMessageCaptcha } from './message-captcha';

/**
 * Feedback and questions to the institution (spec 002 "Messages (contact) screen"): each one
 * sent becomes an item of the institution's staff work queue (kind 'question' or 'feedback'),
 * where staff read and answer it. A signed-in borrower's name and e-mail are the borrower's own,
 * whatever the request says; a logged-out visitor gives them, with a branch number if they know
 * it. Every message from an address counts against securityPolicyOptions.messagesPerHourPerIp;
 * a question needs the captcha (message-captcha.ts) unless the institution turned it off. A
 * message that breaks a rule is refused in the institution's words (domain
 * messages/message-rules.ts), with the field of each problem; nothing of it is kept.
 */

export interface MessageCaller {
  institutionId: number;
  ip: string;
  userAgent: string;
  /** The signed-in borrower, with the post-login steps done; undefined for a visitor. */
  signedInUserId: string | undefined;
}

export type MessageOutcome =
  | { ok: true }
  | {
      ok: false;
      /** 400: a field breaks a rule; 403: the captcha, or messages are not offered. */
      status: 400 | 403;
      errors: Array<{ field: MessageField | undefined; text: string }>;
    };

export interface MessagesDeps {
  clock: Clock;
  settings(institutionId: number): Promise<SettingsAccessor>;
  throttle: ThrottleService;
  dataProtector: DataProtector;
  workQueue: Pick<WorkQueueService, 'submit'>;
  borrowers: Pick<BorrowersService, 'findBorrowerById'>;
}

interface Sender {
  userId: string | null;
  name: string;
  email: string;
  branch: string;
}

/** What a user agent is kept as in an item's details. */
const MOST_USER_AGENT = 300;

export function createMessagesService(deps: MessagesDeps) {
  const { settings: settingsOf, throttle, workQueue, borrowers } = deps;
  const captcha = createMessageCaptcha(deps);

  function refused(
    status: 400 | 403,
    problems: MessageProblems,
    settings: SettingsAccessor,
    rules: MessageRules,
  ): MessageOutcome {
    // In the form's order, so the first error is the first field to fix.
    const errors = MESSAGE_FIELDS.flatMap((field) => {
      const problem = problems[field];
      return problem ? [{ field, text: messageProblemText(problem, settings, rules) }] : [];
    });
    return { ok: false, status, errors };
  }

  /** Messages not offered (hideContactUsOption, or feedback hidden): the generic failure. */
  function notOffered(settings: SettingsAccessor): MessageOutcome {
    return {
      ok: false,
      status: 403,
      errors: [{ field: undefined, text: settings.get('messagesTexts.errorText') }],
    };
  }

  /** The signed-in borrower as the sender; else the visitor's own words, and their problems. */
  async function senderOf(
    caller: MessageCaller,
    given: { name: string; email: string; branch: string },
  ): Promise<{ sender: Sender; problems: MessageProblems }> {
    const borrower = caller.signedInUserId
      ? await borrowers.findBorrowerById(caller.institutionId, caller.signedInUserId)
      : undefined;
    if (borrower) {
      const name =
        borrower.personal_name.trim() || `${borrower.first_name} ${borrower.last_name}`.trim();
      return {
        sender: {
          userId: borrower.id,
          name: name || borrower.username,
          email: borrower.email,
          branch: borrower.servicing_branch,
        },
        problems: {},
      };
    }
    const sender = {
      userId: null,
      name: given.name.trim(),
      email: given.email.trim(),
      branch: given.branch.trim(),
    };
    return { sender, problems: senderProblems(given) };
  }

  /** Counts the message against the address's hourly limit (429 TooManyRequests past it). */
  async function countMessage(caller: MessageCaller, settings: SettingsAccessor) {
    await throttle.enforce({
      institutionId: caller.institutionId,
      bucket: 'messages-ip',
      key: caller.ip,
      limit: Math.max(1, settings.get('securityPolicyOptions.messagesPerHourPerIp')),
      windowMs: HOUR_MS,
    });
  }

  return {
    issueCaptcha: (institutionId: number): Promise<SignInChallenge> => captcha.issue(institutionId),

    async sendQuestion(caller: MessageCaller, body: QuestionRequest): Promise<MessageOutcome> {
      const settings = await settingsOf(caller.institutionId);
      if (settings.get('globalOptions.hideContactUsOption')) return notOffered(settings);
      await countMessage(caller, settings);
      const rules = messageRulesOf(settings);
      const subject = body.Subject ?? '';
      const message = body.Message ?? '';
      const { sender, problems: senderIssues } = await senderOf(caller, {
        name: body.Name ?? '',
        email: body.Email ?? '',
        branch: body.ServicingBranch ?? '',
      });
      const problems = { ...senderIssues, ...questionProblems({ subject, message }, rules) };
      if (Object.keys(problems).length > 0) return refused(400, problems, settings, rules);
      if (rules.captcha) {
        const solved =
          body.ReCaptchaCode != null &&
          (await captcha.verify(caller.institutionId, body.ReCaptchaCode));
        if (!solved) return refused(403, { ReCaptchaCode: 'captchaRequired' }, settings, rules);
      }
      await workQueue.submit({
        institutionId: caller.institutionId,
        kind: 'question',
        userId: sender.userId,
        senderName: sender.name,
        senderEmail: sender.email,
        summary: subject.trim(),
        details: {
          subject: subject.trim(),
          message: message.trim(),
          servicingBranch: sender.branch || null,
          signedIn: sender.userId !== null,
          userAgent: caller.userAgent.slice(0, MOST_USER_AGENT),
        },
      });
      return { ok: true };
    },

    async sendFeedback(caller: MessageCaller, body: FeedbackRequest): Promise<MessageOutcome> {
      const settings = await settingsOf(caller.institutionId);
      const rules = messageRulesOf(settings);
      if (settings.get('globalOptions.hideContactUsOption') || !rules.feedbackOffered) {
        return notOffered(settings);
      }
      await countMessage(caller, settings);
      const experience = body.FeedbackType ?? '';
      const reasons = (body.SurveyQuestions ?? []).map((question) => question.Answer);
      const message = body.Message?.trim() ?? '';
      const { sender, problems: senderIssues } = await senderOf(caller, {
        name: body.Alert?.PersonalName ?? '',
        email: body.Alert?.Email ?? '',
        branch: body.Alert?.ServicingBranch ?? '',
      });
      const problems = {
        ...senderIssues,
        ...feedbackProblems({ experience, reasons, message }, rules),
      };
      if (Object.keys(problems).length > 0) return refused(400, problems, settings, rules);
      const experienceText =
        experience === 'Good'
          ? settings.get('messagesTexts.goodText')
          : settings.get('messagesTexts.couldBeBetterText');
      const reason = reasons[0];
      await workQueue.submit({
        institutionId: caller.institutionId,
        kind: 'feedback',
        userId: sender.userId,
        senderName: sender.name,
        senderEmail: sender.email,
        summary: `${settings.get('messagesTexts.feedbackText')}: ${experienceText}${
          reason ? ` – ${reason}` : ''
        }`,
        details: {
          experience,
          reasons,
          // An empty message is sent as absent (spec 002 section 6).
          message: message === '' ? null : message,
          returnUrl: body.ReturnURL ? returnUrlKept(body.ReturnURL) : null,
          servicingBranch: sender.branch || null,
          signedIn: sender.userId !== null,
          userAgent: caller.userAgent.slice(0, MOST_USER_AGENT),
        },
      });
      return { ok: true };
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
