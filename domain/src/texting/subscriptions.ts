import { z } from 'zod';

/**
 * Text subscriptions (spec 002 "Text subscription dialog", section 4 "Text subscription",
 * sections 7 and 8): a phone number's opt-ins to each of the institution's texting programmes
 * (brandings), marketing and account texts apart. Written once: the server applies a change, the
 * portal works out which options changed before it posts them.
 */

/** One texting programme of the institution (docs/decisions/texting.md). */
export interface TextingProgramme {
  BrandingId: number;
  BrandingName: string;
}

/** A phone number's opt-ins to one programme, as GetSubscriptionInfo answers them. */
export interface SubscriptionOption extends TextingProgramme {
  OptInMarketing: boolean;
  OptInAccount: boolean;
}

/** One changed programme of ModifySubscriptions: a flag left unchanged is null. */
export interface SubscriptionChange {
  BrandingId: number;
  OptInMarketing: boolean | null;
  OptInAccount: boolean | null;
}

/**
 * The first ErrorMessage of the texting calls; the portal shows the textingTexts setting named
 * beside each (TEXTING_ERROR_TEXTS). Per-programme failures of ModifySubscriptions are not codes
 * but JSON (`modifyErrorMessage`).
 */
export const TEXTING_ERRORS = {
  /** The number cannot receive texts (a landline, or not a US number). */
  notTextable: 'Invalid',
  /** A texting agreement is still to be accepted (the spec's userDisagree wording). */
  mustAgree: 'userDisagree',
  /** The number is not one of the signed-in user's phone numbers. */
  noPhone: 'NoPhone',
  /** ModifySubscriptions changed nothing. */
  noChanges: 'NoChanges',
  /** The institution does not offer texting (notificationOptions.allowTextMessagesOption). */
  notOffered: 'TextingNotOffered',
} as const;
export type TextingError = (typeof TEXTING_ERRORS)[keyof typeof TEXTING_ERRORS];

/** The textingTexts setting whose wording each error code shows. */
export const TEXTING_ERROR_TEXTS = {
  Invalid: 'textingTexts.notTextableText',
  userDisagree: 'textingTexts.mustAgreeText',
  NoPhone: 'textingTexts.noPhoneText',
  NoChanges: 'textingTexts.noChangesText',
  TextingNotOffered: 'textingTexts.loadErrorText',
} as const satisfies Record<TextingError, `textingTexts.${string}`>;

/** Why one programme's change was refused. */
export type SubscriptionChangeError = 'UnknownBranding';

/**
 * The ErrorMessage of a refused programme change (spec 002 section 7: "errors carry JSON-encoded
 * messages with BrandingId and option values"): the portal reverts that programme's options.
 */
export function modifyErrorMessage(change: SubscriptionChange, error: SubscriptionChangeError) {
  return JSON.stringify({
    BrandingId: change.BrandingId,
    OptInMarketing: change.OptInMarketing,
    OptInAccount: change.OptInAccount,
    Error: error,
  });
}

const ModifyErrorJson = z.object({
  BrandingId: z.number(),
  OptInMarketing: z.boolean().nullable(),
  OptInAccount: z.boolean().nullable(),
  Error: z.string().optional().default(''),
});

/** The programme change of a JSON ErrorMessage, or null for any other message. */
export function parseModifyErrorMessage(
  message: string,
): (SubscriptionChange & { Error: string }) | null {
  let value: unknown;
  try {
    value = JSON.parse(message);
  } catch {
    return null;
  }
  const parsed = ModifyErrorJson.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * What the dialog posts (spec 002 section 4): only the programmes whose options differ from the
 * loaded ones, with an unchanged flag sent as null. Empty when nothing changed.
 */
export function subscriptionChanges(
  loaded: readonly SubscriptionOption[],
  edited: readonly SubscriptionOption[],
): SubscriptionChange[] {
  const changes: SubscriptionChange[] = [];
  for (const option of edited) {
    const before = loaded.find((candidate) => candidate.BrandingId === option.BrandingId);
    const marketing =
      before?.OptInMarketing === option.OptInMarketing ? null : option.OptInMarketing;
    const account = before?.OptInAccount === option.OptInAccount ? null : option.OptInAccount;
    if (marketing !== null || account !== null) {
      changes.push({
        BrandingId: option.BrandingId,
        OptInMarketing: marketing,
        OptInAccount: account,
      });
    }
  }
  return changes;
}

/** A change that leaves both flags as they are (null) changes nothing. */
export function changesSomething(change: SubscriptionChange): boolean {
  return change.OptInMarketing !== null || change.OptInAccount !== null;
}

/**
 * The institution's texting programmes: those configured, else one named after the institution
 * (BrandingId 1), so an institution that turns texting on has a programme to subscribe to.
 */
export function textingProgrammes(
  configured: readonly TextingProgramme[],
  institutionName: string,
): TextingProgramme[] {
  return configured.length > 0
    ? [...configured]
    : [{ BrandingId: DEFAULT_BRANDING_ID, BrandingName: institutionName }];
}

export const DEFAULT_BRANDING_ID = 1;

/** The replies a phone may text back; any other is ignored, as carriers expect. */
export type TextReplyKeyword = 'STOP' | 'HELP';

/**
 * The keyword of a reply (CTIA's: STOP and its synonyms end every programme, HELP asks who is
 * texting), or null.
 */
export function textReplyKeyword(body: string): TextReplyKeyword | null {
  const word = body.trim().toUpperCase();
  if (['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'].includes(word)) return 'STOP';
  if (['HELP', 'INFO'].includes(word)) return 'HELP';
  return null;
}
