import {
  calendarDateIn,
  changesSomething,
  configuredAgreements,
  fillPlaceholders,
  modifyErrorMessage,
  TEXTING_ERRORS,
  textingAgreementsNeeded,
  textingProgrammes,
  textReplyKeyword,
  usPhoneNumberE164,
  type SubscriptionChange,
  type SubscriptionOption,
  type TextingError,
  type TextingProgramme,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SignedInCaller } from '../../lib/caller';
import type { Clock } from '../../lib/clock';
import {
  createBorrowersService,
  textingNumberOf,
  type BorrowersService,
} from '../borrowers/borrowers.service';
import type { OutgoingText, SmsService, TextReplyHandler } from '../sms/sms.service';
import {
  listSubscriptions,
  saveSubscription,
  unsubscribeEverywhere,
  type SubscriptionRow,
} from './texting.repository';

export type TextingCaller = Pick<SignedInCaller, 'institutionId' | 'userId' | 'timeZone'>;

export type TextingResult<T> = { ok: true; value: T } | { ok: false; error: TextingError };

export interface TextingService extends TextReplyHandler {
  /**
   * `GetSubscriptionInfo`: the caller's phone number's opt-ins to every programme (every one off
   * while the caller has not opted the number in to texting).
   */
  subscriptionInfo(
    caller: TextingCaller,
    phoneNumber: string,
  ): Promise<TextingResult<SubscriptionOption[]>>;
  /**
   * `ModifySubscriptions`: applies the changed programmes; the ErrorMessages of those refused
   * (JSON, domain modifyErrorMessage), the others saved. An option turned on opts the number in
   * to texting: the only way a number on file becomes the one texts go to.
   */
  modifySubscriptions(
    caller: TextingCaller,
    phoneNumber: string,
    changes: readonly SubscriptionChange[],
  ): Promise<TextingResult<{ refused: string[] }>>;
  /**
   * Texts a user about their accounts (a payment posted, a payment due) when the number they
   * opted in to texting is subscribed to account texts of the programme (the first one unless
   * named), once per `dedupeKey`: false when nothing was queued (not subscribed, texting off,
   * sent before).
   */
  sendAccountText(text: UserText): Promise<boolean>;
  /** The same for marketing texts (OptInMarketing). */
  sendMarketingText(text: UserText): Promise<boolean>;
  /**
   * Where the user's account texts go (the first programme's unless named): the one number the
   * user opted in to texting (borrowers' `textingNumber`) when texting is offered and that number
   * is subscribed to account texts, else null. With
   * `queueText` it lets a caller decide first and queue the text in its own transaction.
   */
  accountTextNumber(
    institutionId: number,
    userId: string,
    brandingId?: number,
  ): Promise<string | null>;
  /**
   * Queues a text to a number `accountTextNumber` gave, inside the caller's transaction; false
   * when its dedupe key was queued before. Call `deliverTextsSoon()` after the commit.
   */
  queueText(text: OutgoingText, db: Kysely<Database>): Promise<boolean>;
  deliverTextsSoon(): void;
}

export interface UserText {
  institutionId: number;
  userId: string;
  body: string;
  dedupeKey: string;
  brandingId?: number;
}

/**
 * The institution's texting programmes (notificationOptions.textProgramBrandings; an empty list
 * is one programme named after the institution). A BrandingId listed twice is read once, the
 * first time: subscriptions are stored by it.
 */
function programmesOf(settings: SettingsAccessor, institutionName: string): TextingProgramme[] {
  const seen = new Set<number>();
  const configured = settings
    .get('notificationOptions.textProgramBrandings')
    .filter((programme) => {
      if (seen.has(programme.BrandingId)) return false;
      seen.add(programme.BrandingId);
      return true;
    });
  return textingProgrammes(configured, institutionName);
}

/** The caller's own number as the texting calls check it. */
interface OwnNumber {
  /** In E.164. */
  number: string;
  customerId: string;
  /** The phone on file as stored. */
  storedPhone: string;
  /** Whether the user has this number opted in to texting (granted by ModifySubscriptions). */
  optedIn: boolean;
}

export function createTextingService(options: {
  db: Kysely<Database>;
  clock: Clock;
  borrowers: BorrowersService;
  sms: SmsService;
  settings(institutionId: number): Promise<SettingsAccessor>;
  institutionName(institutionId: number): Promise<string>;
}): TextingService {
  const { db, clock, borrowers, sms } = options;

  async function programmesFor(institutionId: number): Promise<TextingProgramme[]> {
    const [settings, name] = await Promise.all([
      options.settings(institutionId),
      options.institutionName(institutionId),
    ]);
    return programmesOf(settings, name);
  }

  function optionsOf(
    programmes: readonly TextingProgramme[],
    rows: readonly SubscriptionRow[],
  ): SubscriptionOption[] {
    return programmes.map((programme) => {
      const row = rows.find((candidate) => candidate.brandingId === programme.BrandingId);
      return {
        ...programme,
        OptInMarketing: row?.optInMarketing ?? false,
        OptInAccount: row?.optInAccount ?? false,
      };
    });
  }

  /**
   * The options the user sees for their number: the number's subscriptions while the user has it
   * opted in to texting, else every option off (a number whose opt-in was withdrawn, or a number
   * on file that was never opted in, starts again from nothing; its old rows stay the number's).
   */
  async function optionsSeen(institutionId: number, own: OwnNumber) {
    const programmes = await programmesFor(institutionId);
    const rows = own.optedIn
      ? await listSubscriptions(db, { institutionId, phoneNumber: own.number })
      : [];
    return optionsOf(programmes, rows);
  }

  /** The checks both calls make, in the order the dialog meets them. */
  async function textableOwnNumber(
    caller: TextingCaller,
    phoneNumber: string,
  ): Promise<TextingResult<OwnNumber>> {
    const settings = await options.settings(caller.institutionId);
    if (!settings.get('notificationOptions.allowTextMessagesOption')) {
      return { ok: false, error: TEXTING_ERRORS.notOffered };
    }
    const number = usPhoneNumberE164(phoneNumber);
    if (!number) return { ok: false, error: TEXTING_ERRORS.notTextable };
    const borrower = await borrowers.findBorrowerById(caller.institutionId, caller.userId);
    if (!borrower || usPhoneNumberE164(borrower.phone) !== number) {
      return { ok: false, error: TEXTING_ERRORS.noPhone };
    }
    const acceptances = await borrowers.agreementAcceptances(
      caller.institutionId,
      caller.userId,
      caller.timeZone,
    );
    const needed = textingAgreementsNeeded(configuredAgreements(settings), {
      acceptances,
      today: calendarDateIn(caller.timeZone, clock.now()),
    });
    if (needed.length > 0) return { ok: false, error: TEXTING_ERRORS.mustAgree };
    if ((await sms.lineType(number)) !== 'mobile') {
      return { ok: false, error: TEXTING_ERRORS.notTextable };
    }
    return {
      ok: true,
      value: {
        number,
        customerId: borrower.customer_id,
        storedPhone: borrower.phone,
        optedIn: textingNumberOf(borrower) !== null,
      },
    };
  }

  /**
   * The number the user's texts of this kind go to: texting on, and the one number the user
   * opted in to texting subscribed to them.
   */
  async function subscribedNumber(
    institutionId: number,
    userId: string,
    kind: 'account' | 'marketing',
    brandingId?: number,
  ): Promise<string | null> {
    const settings = await options.settings(institutionId);
    if (!settings.get('notificationOptions.allowTextMessagesOption')) return null;
    const optedIn = await borrowers.textingNumber(institutionId, userId);
    const number = optedIn === null ? null : usPhoneNumberE164(optedIn);
    if (!number) return null;
    const programmes = programmesOf(settings, await options.institutionName(institutionId));
    const branding = brandingId ?? programmes[0]?.BrandingId;
    const rows = await listSubscriptions(db, { institutionId, phoneNumber: number });
    const row = rows.find((candidate) => candidate.brandingId === branding);
    const subscribed = kind === 'account' ? row?.optInAccount : row?.optInMarketing;
    return subscribed ? number : null;
  }

  async function sendUserText(text: UserText, kind: 'account' | 'marketing'): Promise<boolean> {
    const number = await subscribedNumber(text.institutionId, text.userId, kind, text.brandingId);
    if (!number) return false;
    const queued = await sms.enqueue({
      institutionId: text.institutionId,
      to: number,
      body: text.body,
      dedupeKey: text.dedupeKey,
    });
    if (queued) sms.deliverSoon();
    return queued;
  }

  return {
    async subscriptionInfo(caller, phoneNumber) {
      const own = await textableOwnNumber(caller, phoneNumber);
      if (!own.ok) return own;
      return { ok: true, value: await optionsSeen(caller.institutionId, own.value) };
    },

    async modifySubscriptions(caller, phoneNumber, changes) {
      const own = await textableOwnNumber(caller, phoneNumber);
      if (!own.ok) return own;
      const key = { institutionId: caller.institutionId, phoneNumber: own.value.number };
      const current = await optionsSeen(caller.institutionId, own.value);
      const refused: string[] = [];
      const effective: SubscriptionChange[] = [];
      for (const change of changes.filter(changesSomething)) {
        const before = current.find((option) => option.BrandingId === change.BrandingId);
        if (!before) {
          refused.push(modifyErrorMessage(change, 'UnknownBranding'));
          continue;
        }
        const marketing =
          change.OptInMarketing === before.OptInMarketing ? null : change.OptInMarketing;
        const account = change.OptInAccount === before.OptInAccount ? null : change.OptInAccount;
        if (marketing !== null || account !== null) {
          effective.push({
            BrandingId: change.BrandingId,
            OptInMarketing: marketing,
            OptInAccount: account,
          });
        }
      }
      if (effective.length === 0 && refused.length === 0) {
        return { ok: false, error: TEXTING_ERRORS.noChanges };
      }
      const at = clock.now();
      const settings = await options.settings(caller.institutionId);
      const institutionName = await options.institutionName(caller.institutionId);
      // Any option on opts the number in to texting: the one way a number gets opted in.
      const anyOn = current.some((option) => {
        const change = effective.find((candidate) => candidate.BrandingId === option.BrandingId);
        return (
          (change?.OptInAccount ?? option.OptInAccount) ||
          (change?.OptInMarketing ?? option.OptInMarketing)
        );
      });
      let confirmations = 0;
      const saved = await db.transaction().execute(async (trx) => {
        // First, so nothing is saved for a number changed on the profile meanwhile.
        if (!own.value.optedIn && anyOn) {
          const granted = await createBorrowersService({ db: trx }).optPhoneInToTexting(
            own.value.customerId,
            own.value.storedPhone,
          );
          if (!granted) return false;
        }
        for (const change of effective) {
          await saveSubscription(trx, {
            ...key,
            brandingId: change.BrandingId,
            optInMarketing: change.OptInMarketing,
            optInAccount: change.OptInAccount,
            at,
          });
          // A programme the number was not subscribed to at all now is: the confirmation
          // carriers require (who texts, how to stop), queued with the subscription it confirms.
          const before = current.find((option) => option.BrandingId === change.BrandingId);
          const wasOn = before !== undefined && (before.OptInAccount || before.OptInMarketing);
          const nowOn = change.OptInAccount === true || change.OptInMarketing === true;
          if (!wasOn && nowOn) {
            const queued = await sms.enqueue(
              {
                institutionId: caller.institutionId,
                to: own.value.number,
                body: fillPlaceholders(settings.get('textingTexts.optInConfirmationText'), {
                  institutionName,
                  programme: before?.BrandingName ?? institutionName,
                }),
                dedupeKey: `opt-in:${randomUUID()}`,
              },
              trx,
            );
            if (queued) confirmations += 1;
          }
        }
        return true;
      });
      if (!saved) return { ok: false, error: TEXTING_ERRORS.noPhone };
      if (confirmations > 0) sms.deliverSoon();
      return { ok: true, value: { refused } };
    },

    sendAccountText: (text) => sendUserText(text, 'account'),
    accountTextNumber: (institutionId, userId, brandingId) =>
      subscribedNumber(institutionId, userId, 'account', brandingId),
    queueText: (text, executor) => sms.enqueue(text, executor),
    deliverTextsSoon: () => sms.deliverSoon(),
    sendMarketingText: (text) => sendUserText(text, 'marketing'),

    async onReply(reply) {
      const keyword = textReplyKeyword(reply.body);
      if (!keyword) return;
      const name = await options.institutionName(reply.institutionId);
      const settings = await options.settings(reply.institutionId);
      if (keyword === 'STOP') {
        await unsubscribeEverywhere(db, {
          institutionId: reply.institutionId,
          phoneNumber: reply.from,
          at: clock.now(),
        });
        // The profile's texting switch says so too: the number gets nothing now.
        await borrowers.withdrawTextingOptIn(reply.institutionId, reply.from);
      }
      // Answered whether or not the number is subscribed, as carriers require.
      await sms.enqueue({
        institutionId: reply.institutionId,
        to: reply.from,
        body: fillPlaceholders(
          settings.get(
            keyword === 'STOP' ? 'textingTexts.stopAnswerText' : 'textingTexts.helpAnswerText',
          ),
          { institutionName: name },
        ),
        dedupeKey: `keyword-answer:${randomUUID()}`,
      });
      sms.deliverSoon();
    },
  };
}
