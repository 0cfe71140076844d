import { type CalendarDate, STATEMENT_PROVIDERS } from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { CustomerRef } from './servicing-core';

/**
 * The two external statement provider families of spec 002 ("E-statements section"). A bank that
 * uses one plugs its client in here; the built-in ones serve the core's own statements, so every
 * provider code opens a real document in the demo.
 */
export interface StatementRequest {
  customer: CustomerRef;
  accountNumber: string;
  statementId: string;
  date: CalendarDate;
  type: number;
}

/**
 * How the institution reaches its URL family provider: its `eStatementOptions` settings and the
 * portal's own origin (what a path in the settings is on).
 */
export interface StatementProviderAccess {
  /** The portal origin of the request, e.g. 'https://portal.harbor.example'. */
  origin: string;
  /** `statementProviderURL`: the document host the addresses point at ('' when not set). */
  url: string;
  /** `statementProviderKeyReference`: the name of the key that signs them ('' when not set). */
  keyReference: string;
}

/** The institution's provider settings, trimmed, with the request's portal origin. */
export function statementProviderAccess(
  settings: SettingsAccessor,
  origin: string,
): StatementProviderAccess {
  return {
    origin,
    url: settings.get('eStatementOptions.statementProviderURL').trim(),
    keyReference: settings.get('eStatementOptions.statementProviderKeyReference').trim(),
  };
}

/** Providers 1 and 3: the statement is opened at an address the provider hands out. */
export interface UrlStatementProvider {
  /** A short-lived address of the statement, or undefined when the provider has none. */
  statementUrl(
    request: StatementRequest,
    access: StatementProviderAccess,
  ): Promise<string | undefined>;
}

/**
 * The path this server serves a self-hosted URL provider's statements under (statements.routes.ts):
 * where the built-in provider's addresses point unless `statementProviderURL` names a host.
 */
export const PROVIDER_DOCUMENT_PATH = '/provider/statements';

/**
 * A URL provider whose addresses this server opens itself (the built-in one plays the provider's
 * document host): the portal also serves what the addresses it handed out point at.
 */
export interface SelfHostedUrlStatementProvider extends UrlStatementProvider {
  /**
   * The statement behind a signed reference, if it was signed under the institution's current
   * key reference, names that institution and has not expired.
   */
  open(
    reference: string,
    institution: { institutionId: number; keyReference: string },
  ): Promise<Uint8Array | undefined>;
}

/** Provider 4: the portal asks the provider for the document itself. */
export interface DocumentStatementProvider {
  document(request: StatementRequest): Promise<Uint8Array | undefined>;
}

/**
 * The provider a listed statement is opened through. A core that names an external provider for
 * an account's statements decides (the demo has an account at each); otherwise the institution's
 * `eStatementOptions.statementProvider` does (0, the built-in viewer, by default). The built-in
 * providers serve the core's own statements, so every setting opens a real document.
 */
export function listedStatementProvider(coreProvider: number, institutionProvider: string): number {
  if (coreProvider !== STATEMENT_PROVIDERS.builtIn) return coreProvider;
  const configured = Number(institutionProvider);
  return Number.isInteger(configured) ? configured : STATEMENT_PROVIDERS.builtIn;
}
