import { createSettingsAccessor } from '@portal/settings-schema';
import { describe, expect, it } from 'vitest';
import {
  feedbackProblems,
  messageCounterState,
  messageProblemText,
  messageRulesOf,
  questionProblems,
  returnUrlKept,
  senderProblems,
} from './message-rules';

const settingsOf = (shared: Record<string, Record<string, string>> = {}) =>
  createSettingsAccessor({ shared, english: {} });

describe('the messages rules (one copy for the form and the server)', () => {
  it('warns at 51 to 99 characters left and shows an error at 50 or fewer', () => {
    expect([300, 100, 99, 51, 50, 0, -3].map(messageCounterState)).toEqual([
      'normal',
      'normal',
      'warning',
      'warning',
      'error',
      'error',
      'error',
    ]);
  });

  it('needs a subject and a message for a question, each within its limit', () => {
    const rules = { messageMaxLength: 300 };
    expect(questionProblems({ subject: ' ', message: '' }, rules)).toEqual({
      Subject: 'subjectRequired',
      Message: 'messageRequired',
    });
    expect(questionProblems({ subject: 'x'.repeat(101), message: 'y'.repeat(301) }, rules)).toEqual(
      { Subject: 'subjectTooLong', Message: 'messageTooLong' },
    );
    expect(questionProblems({ subject: 'Escrow', message: 'y'.repeat(300) }, rules)).toEqual({});
  });

  it("asks a logged-out visitor's name and a valid e-mail; the branch is up to four digits", () => {
    expect(senderProblems({ name: '', email: '', branch: '' })).toEqual({
      Name: 'nameRequired',
      Email: 'emailRequired',
    });
    expect(senderProblems({ name: 'Sam', email: 'sam@', branch: '12345' })).toEqual({
      Email: 'emailInvalid',
      ServicingBranch: 'branchNumberInvalid',
    });
    expect(
      senderProblems({ name: 'Sam', email: `${'s'.repeat(95)}@x.com`, branch: '12a' }),
    ).toEqual({ Email: 'emailInvalid', ServicingBranch: 'branchNumberInvalid' });
    expect(senderProblems({ name: 'Sam', email: 'sam@example.com', branch: '0042' })).toEqual({});
  });

  it("needs Good or Could Be Better for feedback, and only the institution's reasons", () => {
    const rules = messageRulesOf(settingsOf());
    expect(rules.reasonOptions).toHaveLength(5);
    expect(feedbackProblems({ experience: '', reasons: [], message: '' }, rules)).toEqual({
      FeedbackType: 'experienceRequired',
    });
    expect(
      feedbackProblems(
        { experience: 'CouldBeBetter', reasons: ['Free money'], message: '' },
        rules,
      ),
    ).toEqual({ SurveyQuestions: 'reasonUnknown' });
    expect(
      feedbackProblems({ experience: 'Good', reasons: ['Speed'], message: '' }, rules),
    ).toEqual({});
  });

  it("offers the institution's reasons", () => {
    const rules = messageRulesOf(
      settingsOf({ messagesOptions: { feedbackReasonOptions: JSON.stringify(['Rates', 'App']) } }),
    );
    expect(rules.reasonOptions).toEqual(['Rates', 'App']);
  });

  it("words each problem in the institution's texts, with the limit in the too-long one", () => {
    const settings = settingsOf();
    const rules = messageRulesOf(settings);
    expect(messageProblemText('subjectRequired', settings, rules)).toBe('Subject is required.');
    expect(messageProblemText('captchaRequired', settings, rules)).toBe('Must Complete Captcha');
    expect(messageProblemText('messageTooLong', settings, rules)).toBe(
      'Cannot be longer than 300 characters',
    );
  });

  it('keeps where feedback was sent from without its query', () => {
    expect(returnUrlKept('https://portal.example/#/home/messages?token=secret')).toBe(
      'https://portal.example/#/home/messages',
    );
  });
});
