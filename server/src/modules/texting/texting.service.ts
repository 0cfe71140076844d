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
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SignedInCaller } from '../../lib/caller';
import type { Clock } from '../../lib/clock';
import type { BorrowersService } from '../borrowers/borrowers.service';
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
  /** `GetSubscriptionInfo`: the caller's phone number's opt-ins to every programme. */
  subscriptionInfo(
    caller: TextingCaller,
    phoneNumber: string,
  ): Promise<TextingResult<SubscriptionOption[]>>;
  /**
   * `ModifySubscriptions`: applies the changed programmes; the ErrorMessages of those refused
   * (JSON, domain modifyErrorMessage), the others saved.
   */
  modifySubscriptions(
    caller: TextingCaller,
    phoneNumber: string,
    changes: readonly SubscriptionChange[],
  ): Promise<TextingResult<{ refused: string[] }>>;
  /**
   * Texts a user about their accounts (a payment posted, a payment due) when their phone is
   * subscribed to account texts of the programme (the first one unless named), once per
   * `dedupeKey`: false when nothing was queued (not subscribed, texting off, sent before).
   */
  sendAccountText(text: UserText): Promise<boolean>;
  /** The same for marketing texts (OptInMarketing). */
  sendMarketingText(text: UserText): Promise<boolean>;
  /**
   * Where the user's account texts go (the first programme's unless named): the phone's number
   * when texting is offered and the phone is subscribed to account texts, else null. With
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

export function createTextingService(options: {
  db: Kysely<Database>;
  clock: Clock;
  borrowers: BorrowersService;
  sms: SmsService;
  settings(institutionId: number): Promise<SettingsAccessor>;
  institutionName(institutionId: number): Promise<string>;
}): TextingService {
  const { db, clock, borrowers, sms } = options;

  async function programmesOf(institutionId: number) {
    return textingProgrammes([], await options.institutionName(institutionId));
  }

  function optionsOf(
    programmes: Awaited<ReturnType<typeof programmesOf>>,
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

  /** The checks both calls make, in the order the dialog meets them; the number in E.164. */
  async function textableOwnNumber(
    caller: TextingCaller,
    phoneNumber: string,
  ): Promise<TextingResult<string>> {
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
    return { ok: true, value: number };
  }

  /** The number the user's texts of this kind go to: texting on and the phone subscribed. */
  async function subscribedNumber(
    institutionId: number,
    userId: string,
    kind: 'account' | 'marketing',
    brandingId?: number,
  ): Promise<string | null> {
    const settings = await options.settings(institutionId);
    if (!settings.get('notificationOptions.allowTextMessagesOption')) return null;
    const borrower = await borrowers.findBorrowerById(institutionId, userId);
    const number = borrower ? usPhoneNumberE164(borrower.phone) : null;
    if (!number) return null;
    const programmes = await programmesOf(institutionId);
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
      const number = await textableOwnNumber(caller, phoneNumber);
      if (!number.ok) return number;
      const rows = await listSubscriptions(db, {
        institutionId: caller.institutionId,
        phoneNumber: number.value,
      });
      return { ok: true, value: optionsOf(await programmesOf(caller.institutionId), rows) };
    },

    async modifySubscriptions(caller, phoneNumber, changes) {
      const number = await textableOwnNumber(caller, phoneNumber);
      if (!number.ok) return number;
      const programmes = await programmesOf(caller.institutionId);
      const key = { institutionId: caller.institutionId, phoneNumber: number.value };
      const current = optionsOf(programmes, await listSubscriptions(db, key));
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
      let confirmations = 0;
      await db.transaction().execute(async (trx) => {
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
                to: number.value,
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
      });
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
