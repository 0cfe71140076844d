import type { ProfileErrorCode } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { DocumentStore } from '../../core/document-store';
import type { Database } from '../../db/schema';
import type { SignedInCaller } from '../../lib/caller';
import type { Clock } from '../../lib/clock';
import type { DataProtector } from '../../lib/data-protection';
import type { PasswordHasher } from '../../lib/passwords';
import type { ZipDirectory } from '../../lib/zip-directory';
import type { RequestSession } from '../../plugins/auth';
import type { AuthService } from '../auth/auth.service';
import type { InstitutionsService } from '../institutions/institutions.service';
import type { MailService } from '../mail/mail.service';
import type { PrepareNotification } from '../notifications/notifications.service';
import type { ThrottleService } from '../throttle/throttle.service';

/** Who asks for or changes their profile: the signed-in caller, their session and where from. */
export interface ProfileCaller extends SignedInCaller {
  session: RequestSession;
  institutionName: string;
  /** The portal origin the links of e-mails point to (requestContext's origin). */
  origin: string;
}

/**
 * An update's answer. A refusal carries its codes (spec 002 section 8) and what is saved now;
 * `signedOut` when the refusal also ended the session (guesses of the current password locked
 * the user): the answer is then Unauthorized, which logs the portal out.
 */
export type ProfileOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; codes: ProfileErrorCode[]; value: T | null; signedOut?: boolean };

export function refused<T>(codes: ProfileErrorCode[], value: T | null = null): ProfileOutcome<T> {
  return { ok: false, codes, value };
}

/** What the profile module is built with (app.ts). */
export interface ProfileDeps {
  db: Kysely<Database>;
  clock: Clock;
  institutions: Pick<InstitutionsService, 'settings' | 'findById'>;
  auth: Pick<AuthService, 'previousSignIn' | 'grantBiometrics'>;
  hasher: PasswordHasher;
  dataProtector: DataProtector;
  throttle: ThrottleService;
  mail: MailService;
  zips: ZipDirectory;
  documents: Pick<DocumentStore, 'customerDocuments'>;
  /**
   * Prepares the alert of a change (password, login name, e-mail address), which the change's
   * transaction then queues: the alert exists exactly when the change does (the transactional
   * outbox, NotificationsService).
   */
  prepareTell?: PrepareNotification;
}
