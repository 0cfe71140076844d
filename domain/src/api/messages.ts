import { z } from 'zod';
import { Envelope, withEnvelope } from '../envelope';
import { MESSAGE_FIELDS } from '../messages/message-rules';
import { SignInCheckResponse } from '../rules/sign-in-check';

/*
 * The messages calls (spec 002 sections 5, 7 and 8): feedback and questions to the institution,
 * from the logged-in and the public messages screens. The bodies keep the specs' field names;
 * where the specs say nothing (the sizes, SurveyQuestions' shape, the captcha) the route's
 * OpenAPI description says what was chosen. The caps here only bound a request's size; the rules
 * of the fields (lengths, required, the e-mail) are domain messages/message-rules.ts, answered in
 * the institution's words.
 */

/**
 * `GET /api/Messages/Captcha`: a proof-of-work challenge (ALTCHA, as the sign-in check's:
 * rules/sign-in-check.ts). The browser solves it with `solveSignInCheck`; the solution travels
 * as `ReCaptchaCode` and is accepted once.
 */
export const MessagesCaptchaResponse = SignInCheckResponse;
export type MessagesCaptchaResponse = SignInCheckResponse;

/** What the spec's client sends about its user (spec 002 "Feedback payload"). */
export const MessageAlert = z.object({
  PersonalName: z.string().max(500).nullish(),
  Username: z.string().max(500).nullish(),
  ServicingBranch: z.string().max(100).nullish(),
  UserAgent: z.string().max(1000).nullish(),
  Email: z.string().max(500).nullish(),
});
export type MessageAlert = z.infer<typeof MessageAlert>;

/** One answer of the feedback survey: the reason chosen. */
export const SurveyQuestion = z.object({
  Question: z.string().max(200),
  Answer: z.string().max(200),
});
export type SurveyQuestion = z.infer<typeof SurveyQuestion>;

/** The longest text either call takes in a field (messagesOptions.messageMaxLength tops at 5000). */
const MOST_TEXT = 5000;

/** `POST /api/Messages/Feedback`. */
export const FeedbackRequest = z.object({
  /** 'Good' or 'CouldBeBetter'. */
  FeedbackType: z.string().max(40).nullish(),
  SurveyQuestions: z.array(SurveyQuestion).max(5).nullish(),
  Message: z.string().max(MOST_TEXT).nullish(),
  ReturnURL: z.string().max(2000).nullish(),
  ReCaptchaCode: z.string().max(2000).nullish(),
  /** A logged-out visitor's name (PersonalName), e-mail (Email) and branch (ServicingBranch). */
  Alert: MessageAlert.nullish(),
});
export type FeedbackRequest = z.infer<typeof FeedbackRequest>;

/** `POST /api/Messages/ContactUs`: the question form. */
export const QuestionRequest = z.object({
  Name: z.string().max(MOST_TEXT).nullish(),
  Email: z.string().max(MOST_TEXT).nullish(),
  Subject: z.string().max(MOST_TEXT).nullish(),
  Message: z.string().max(MOST_TEXT).nullish(),
  ServicingBranch: z.string().max(100).nullish(),
  ReCaptchaCode: z.string().max(2000).nullish(),
  Alert: MessageAlert.nullish(),
});
export type QuestionRequest = z.infer<typeof QuestionRequest>;

export const MessageFieldName = z.enum(MESSAGE_FIELDS);

/** A message sent: the envelope alone. */
export const MessageSentResponse = Envelope;
export type MessageSentResponse = z.infer<typeof MessageSentResponse>;

/**
 * A message refused: each error in the institution's words, and `InvalidFields` naming the field
 * of each (same order), so a form can say it next to the field.
 */
export const MessageRefusedResponse = withEnvelope({
  InvalidFields: z.array(MessageFieldName).optional(),
});
export type MessageRefusedResponse = z.infer<typeof MessageRefusedResponse>;
