import { setTimeout as sleep } from 'node:timers/promises';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuditLog } from '../audit/audit.service';
import { createBorrowersService } from '../borrowers/borrowers.service';
import type { StaffPrincipal } from '../staff/staff-principal';
import { HOUR_MS, MINUTE_MS, type ThrottleService } from '../throttle/throttle.service';

/*
 * Card testing: a fraudster with a list of stolen card numbers signs in (any account will do)
 * and adds cards, or pays with them, one after another: each answer tells which numbers are
 * live. Stripe Radar's velocity rules are the model: count card attempts per customer, per
 * session and per address, and stop a run of declines. Here a card attempt is a request that
 * asks the card processor, or would (AddCardPaymentMethod and the card payment submits).
 *
 * An address is shared (a household, an office, a mobile carrier's gateway), so it is no one's
 * account: item 27's lesson, which the first version of this guard forgot (five declines from an
 * address paused every user there). So:
 * - The user and the session are limited strictly: their hourly limits refuse, and declines in a
 *   row pause the user's card attempts (every session of theirs) for cardDeclinePauseMinutes.
 *   No one else's.
 * - The address only past a high threshold, and only with the attempts its users' own limits let
 *   through (one member's run, refused at their own limits, never fills it for the others): past
 *   cardAttemptsPerHourPerIp in an hour its card attempts are slowed, one every ADDRESS_TURN_MS
 *   whoever makes it (the request waits its turn, at most ADDRESS_MOST_WAIT_MS), and past
 *   ADDRESS_LIMIT_FACTOR times that they are refused until the hour ends. Declines from an
 *   address pause no one.
 * Each pause, each refusal by a limit and the start of a slowdown are written once to the
 * institution's audit log. A refused borrower is told to contact the institution or pay from a
 * bank account (paymentErrorTexts.cardAttemptsPausedText), never which limit was reached or for
 * how long: that would guide the tester. ACH payments are not limited here.
 */

/** Who makes a card attempt. A new sign-in is a new session, not a new user or address. */
export interface CardAttempt {
  institutionId: number;
  userId: string;
  sessionId: number;
  ip: string;
}

/** What the processor (or the checks before it) answered a card attempt that was let through. */
export type CardAttemptOutcome = 'approved' | 'declined' | 'other';

/** Past the address's threshold, one card attempt from it in this time, whoever makes it. */
export const ADDRESS_TURN_MS = 15_000;
/** The longest a slowed attempt waits for its turn; then it is refused (a flood is going on). */
export const ADDRESS_MOST_WAIT_MS = 2 * ADDRESS_TURN_MS;
/** An address's hourly limit, as a multiple of the threshold where its attempts are slowed. */
export const ADDRESS_LIMIT_FACTOR = 4;

export interface CardVelocityPolicy {
  perUserPerHour: number;
  perSessionPerHour: number;
  /** Attempts from one address in an hour before its attempts are slowed. */
  addressSlowAfterPerHour: number;
  /** Attempts from one address in an hour before its attempts are refused. */
  addressLimitPerHour: number;
  declinesBeforePause: number;
  pauseMs: number;
}

export function cardVelocityPolicyOf(settings: SettingsAccessor): CardVelocityPolicy {
  const read = (key: Parameters<SettingsAccessor['get']>[0]): number => {
    const value = settings.get(key);
    return typeof value === 'number' ? Math.max(1, value) : 1;
  };
  const addressSlowAfterPerHour = read('securityPolicyOptions.cardAttemptsPerHourPerIp');
  return {
    perUserPerHour: read('securityPolicyOptions.cardAttemptsPerHourPerUser'),
    perSessionPerHour: read('securityPolicyOptions.cardAttemptsPerHourPerSession'),
    addressSlowAfterPerHour,
    addressLimitPerHour: addressSlowAfterPerHour * ADDRESS_LIMIT_FACTOR,
    declinesBeforePause: read('securityPolicyOptions.cardDeclinesBeforePause'),
    pauseMs: read('securityPolicyOptions.cardDeclinePauseMinutes') * MINUTE_MS,
  };
}

/** The audit log's author of a pause: the server's own guard, no staff member. */
export const CARD_TESTING_GUARD: StaffPrincipal = {
  staffId: '',
  email: 'card testing guard',
  name: 'Card testing guard',
  isImplementer: false,
};

export interface CardVelocityService {
  /**
   * Counts a card attempt; false when the user's card attempts are paused, the user's or the
   * session's hourly limit is passed, or the address's (the attempt must then not reach the
   * processor). Past the address's threshold it resolves only when the attempt's turn comes.
   */
  admit(attempt: CardAttempt): Promise<boolean>;
  /** Counts what an admitted attempt got: declines in a row pause the user, an approval ends the run. */
  record(attempt: CardAttempt, outcome: CardAttemptOutcome): Promise<void>;
}

export function createCardVelocityService(options: {
  db: Kysely<Database>;
  throttle: ThrottleService;
  auditLog: AuditLog;
  settings(institutionId: number): Promise<SettingsAccessor>;
  /**
   * Waits `ms` for a slowed attempt's turn (a timer; tests pass one that moves their clock, as
   * the turns are counted on the throttle's clock).
   */
  wait?: (ms: number) => Promise<void>;
}): CardVelocityService {
  const { db, throttle, auditLog } = options;
  const wait = options.wait ?? ((ms: number) => sleep(ms));
  const borrowers = createBorrowersService({ db });

  const declinesOfUser = (attempt: CardAttempt) => ({
    institutionId: attempt.institutionId,
    scope: 'card-declines-user',
    key: attempt.userId,
  });

  /**
   * Writes an entry to the institution's audit log: `what` happened to whom (the user's, or the
   * address's attempts), naming the user, session and address of the attempt that set it off.
   */
  async function audit(
    attempt: CardAttempt,
    of: 'user' | 'address',
    what: string,
    why: string,
  ): Promise<void> {
    const borrower = await borrowers.findBorrowerById(attempt.institutionId, attempt.userId);
    const user = `online user ${borrower?.username ?? attempt.userId}`;
    const comment =
      of === 'user'
        ? `Card attempts ${what} for ${user} (session ${attempt.sessionId}, address ${attempt.ip}): ${why}.`
        : `Card attempts from address ${attempt.ip} ${what} (first: ${user}, session ${attempt.sessionId}): ${why}.`;
    await auditLog.record(db, {
      staff: CARD_TESTING_GUARD,
      institutionId: attempt.institutionId,
      action: 'payments.cardPaused',
      comment,
    });
  }

  /** Waits for the address's next turn; false when none comes within ADDRESS_MOST_WAIT_MS. */
  async function turnOf(attempt: CardAttempt): Promise<boolean> {
    let waited = 0;
    for (;;) {
      const turn = await throttle.hit({
        institutionId: attempt.institutionId,
        bucket: 'card-ip-turn',
        key: attempt.ip,
        limit: 1,
        windowMs: ADDRESS_TURN_MS,
      });
      if (turn.allowed) return true;
      if (waited + turn.retryAfterMs > ADDRESS_MOST_WAIT_MS) return false;
      await wait(turn.retryAfterMs);
      waited += turn.retryAfterMs;
    }
  }

  return {
    async admit(attempt) {
      const policy = cardVelocityPolicyOf(await options.settings(attempt.institutionId));
      if (await throttle.lockedUntil(declinesOfUser(attempt))) return false;
      const window = { institutionId: attempt.institutionId, windowMs: HOUR_MS };
      const own = [
        { bucket: 'card-user', key: attempt.userId, limit: policy.perUserPerHour, what: 'user' },
        {
          bucket: 'card-session',
          key: String(attempt.sessionId),
          limit: policy.perSessionPerHour,
          what: 'session',
        },
      ];
      // Both windows count the attempt, so neither can be walked around by tripping the other.
      const hits = await Promise.all(
        own.map(({ bucket, key, limit }) => throttle.hit({ ...window, bucket, key, limit })),
      );
      let admitted = true;
      for (const [index, hit] of hits.entries()) {
        if (hit.allowed) continue;
        admitted = false;
        const limit = own[index];
        // Once per window: the first attempt past the limit.
        if (limit && hit.count === limit.limit + 1) {
          await audit(
            attempt,
            'user',
            'paused',
            `more than ${limit.limit} card attempts in an hour for the ${limit.what}`,
          );
        }
      }
      // Refused for its user or session: the address's other users are none the worse for it.
      if (!admitted) return false;

      const address = await throttle.hit({
        ...window,
        bucket: 'card-ip',
        key: attempt.ip,
        limit: policy.addressLimitPerHour,
      });
      if (!address.allowed) {
        if (address.count === policy.addressLimitPerHour + 1) {
          await audit(
            attempt,
            'address',
            'refused until the hour ends',
            `more than ${policy.addressLimitPerHour} card attempts in an hour from the address`,
          );
        }
        return false;
      }
      if (address.count <= policy.addressSlowAfterPerHour) return true;
      if (address.count === policy.addressSlowAfterPerHour + 1) {
        await audit(
          attempt,
          'address',
          `slowed to one every ${ADDRESS_TURN_MS / 1000} seconds`,
          `more than ${policy.addressSlowAfterPerHour} card attempts in an hour from the address`,
        );
      }
      return turnOf(attempt);
    },

    async record(attempt, outcome) {
      if (outcome === 'other') return;
      if (outcome === 'approved') {
        await throttle.reset(declinesOfUser(attempt));
        return;
      }
      const policy = cardVelocityPolicyOf(await options.settings(attempt.institutionId));
      // In a row for the user: an approval resets it. The window only forgets an old run.
      const byUser = await throttle.registerFailure(declinesOfUser(attempt), {
        maxFailures: policy.declinesBeforePause,
        lockoutMs: policy.pauseMs,
        windowMs: 24 * HOUR_MS,
      });
      if (byUser.locked) {
        await audit(
          attempt,
          'user',
          'paused',
          `${policy.declinesBeforePause} declined cards in a row for the user`,
        );
      }
    },
  };
}
