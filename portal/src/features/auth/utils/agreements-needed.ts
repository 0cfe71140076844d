import { isAgreementNeeded, isAskedAtLogin, type WebAgreementLog } from '@portal/domain';
import type { Agreement } from '@portal/settings-schema';

const ISO_DATE_START = /^(\d{4}-\d{2}-\d{2})/;

/** `YYYY-MM-DD` of a date the server sent (ISO, or anything Date reads); undefined if unreadable. */
function calendarDate(text: string | null): string | undefined {
  if (!text) return undefined;
  const iso = ISO_DATE_START.exec(text.trim());
  if (iso) return iso[1];
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().slice(0, 10);
}

/** Today's calendar date on this device, `YYYY-MM-DD`. */
export function localCalendarDate(today: Date): string {
  const month = String(today.getMonth() + 1).padStart(2, '0');
  const day = String(today.getDate()).padStart(2, '0');
  return `${today.getFullYear()}-${month}-${day}`;
}

/**
 * Whether a log records this agreement: by host number when the log has one, else (older
 * records) by the agreement's name or URL.
 */
function recordsAgreement(log: WebAgreementLog, agreement: Agreement): boolean {
  if (log.HostNum !== undefined) return log.HostNum === agreement.hostNum;
  const sameName = log.Name.trim().toLowerCase() === agreement.name.trim().toLowerCase();
  return sameName || (log.Url.trim() !== '' && log.Url.trim() === agreement.url.trim());
}

export interface LoginAgreementContext {
  logs: readonly WebAgreementLog[];
  /** IsEmailCommunicationRestriced of the login answer. */
  emailCommunicationRestricted: boolean;
  today: Date;
}

/**
 * The agreements the agreements step asks for (spec 000 section 4): the login agreements, plus
 * the e-communication re-agree ones while e-mail communication is restricted, whose date is not
 * in the future and which the user has not accepted on or after that date.
 */
export function agreementsNeededAtLogin(
  agreements: readonly Agreement[],
  context: LoginAgreementContext,
): Agreement[] {
  const today = localCalendarDate(context.today);
  return agreements.filter((agreement) => {
    if (!isAskedAtLogin(agreement.whenToAgree, context.emailCommunicationRestricted)) return false;
    const acceptedOn = context.logs
      .filter((log) => recordsAgreement(log, agreement))
      .flatMap((log) => calendarDate(log.DateOfAgreement) ?? []);
    return isAgreementNeeded(agreement.date, acceptedOn, today);
  });
}
