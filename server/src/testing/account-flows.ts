import type { SettingsSetValues } from '@portal/settings-schema';
import { openMailBody } from '../modules/mail/mail.service';
import { listOutboxMessages } from '../modules/mail/outbox.repository';
import { TEST_DATA_PROTECTOR } from './keys';
import { PORTAL_WRITE_HEADERS, type TestApp } from './test-app';

/** Helpers of the account-flow tests (registration, recovery, credentials, links). */

export async function institutionIdOf(test: TestApp, host = 'localhost'): Promise<number> {
  const institution = await test.app.services.institutions.resolveHost(host);
  if (!institution) throw new Error(`No institution answers ${host}`);
  return institution.id;
}

/** Publishes the current settings with these shared-set values changed (sections merged). */
export async function publishShared(
  test: TestApp,
  changes: SettingsSetValues,
  host = 'localhost',
): Promise<void> {
  const institutionId = await institutionIdOf(test, host);
  const current = await test.app.services.institutions.publishedSettings(institutionId);
  const shared: SettingsSetValues = { ...current.shared };
  for (const [section, values] of Object.entries(changes)) {
    shared[section] = { ...shared[section], ...values };
  }
  await test.app.services.institutions.publishSettings({
    institutionId,
    document: { ...current, shared },
    comment: 'test',
    publishedBy: 'test',
  });
}

export async function postJson(
  test: TestApp,
  url: string,
  payload: object,
  options: { ip?: string; headers?: Record<string, string>; host?: string } = {},
) {
  const response = await test.app.inject({
    method: 'POST',
    url,
    headers: { ...PORTAL_WRITE_HEADERS, host: options.host ?? 'localhost', ...options.headers },
    payload,
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  const body: unknown = response.json();
  return { status: response.statusCode, body };
}

/** The first error message of an answer (undefined when there is none). */
export function firstErrorOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('Errors' in body)) return undefined;
  const errors = body.Errors;
  if (!Array.isArray(errors)) return undefined;
  const first: unknown = errors[0];
  return typeof first === 'object' && first !== null && 'ErrorMessage' in first
    ? String(first.ErrorMessage)
    : undefined;
}

/** Messages queued for an address, oldest first, their bodies opened (they are stored sealed). */
export async function mailTo(test: TestApp, to: string, host = 'localhost') {
  const messages = await listOutboxMessages(test.database.db, await institutionIdOf(test, host));
  return messages
    .filter((message) => message.to_address.toLowerCase() === to.toLowerCase())
    .map((message) => ({ ...message, body: openMailBody(TEST_DATA_PROTECTOR, message.body) }));
}

/** The token of the last link of this route in the newest message to the address. */
export async function linkTokenFor(
  test: TestApp,
  to: string,
  route:
    'home/verifyEmail/' | 'home/forcePasswordChange/' | 'home/activate?token=' | 'opt-out?token=',
): Promise<string> {
  const messages = await mailTo(test, to);
  for (const message of messages.reverse()) {
    const escaped = route.replace(/[?]/g, '\\?');
    const match = new RegExp(`#/${escaped}([A-Za-z0-9_%-]+)`).exec(message.body);
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  throw new Error(`No ${route} link was e-mailed to ${to}`);
}
