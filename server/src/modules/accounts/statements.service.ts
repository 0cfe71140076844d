import { type CalendarDate, STATEMENT_PROVIDERS } from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { CustomerRef, ServicingCore } from '../../core/servicing-core';
import {
  type DocumentStatementProvider,
  listedStatementProvider,
  type SelfHostedUrlStatementProvider,
  statementProviderAccess,
  type UrlStatementProvider,
} from '../../core/statement-providers';
import type { SignedInCaller } from '../../lib/caller';

/** Whose statements: the customer the signed-in user (or a passable token) belongs to. */
export type StatementsCustomer = Pick<SignedInCaller, 'institutionId' | 'customerId'>;

/** Which statement a call names: the account, the statement's id and its date (its year counts). */
export interface StatementRef {
  accountNumber: string;
  statementId: string;
  date: string;
}

/** A statement's PDF, with what its file is named after. */
export interface StatementFile {
  accountNumber: string;
  date: CalendarDate;
  pdf: Uint8Array;
}

/**
 * The document host that opens the addresses the URL provider hands out (the built-in
 * provider's: what a provider's address would point at).
 */
export type StatementDocumentHost = Pick<SelfHostedUrlStatementProvider, 'open'>;

/**
 * Opening statements (spec 002 section 7): the built-in ones (provider 0), the URL family's
 * addresses (1 and 3) and the document family's documents (4). A statement opens only through
 * the provider the list named, and only for the customer's own accounts.
 */
export interface StatementsService {
  /** A built-in statement's PDF. */
  builtInStatement(
    customer: StatementsCustomer,
    statement: StatementRef,
  ): Promise<StatementFile | undefined>;
  /**
   * The URL family's address of a statement, for a caller on `origin`; undefined when there is
   * none, or when it would point at a host that does not serve the caller's institution.
   */
  statementUrl(
    customer: StatementsCustomer,
    origin: string,
    statement: StatementRef,
  ): Promise<string | undefined>;
  /** The document family's statement with this id, found among the customer's accounts. */
  providerDocument(
    customer: StatementsCustomer,
    statement: { statementId: string; date: string },
    today: CalendarDate,
  ): Promise<StatementFile | undefined>;
  /** What the document host opens for an address handed out for the institution on `origin`. */
  openAddress(
    host: { institutionId: number; origin: string },
    reference: string,
  ): Promise<Uint8Array | undefined>;
}

export function createStatementsService(options: {
  core: ServicingCore;
  urlProvider: UrlStatementProvider;
  documentHost: StatementDocumentHost;
  documentProvider: DocumentStatementProvider;
  settings(institutionId: number): Promise<SettingsAccessor>;
  /** The institution a host name serves (the document host opens an address only there). */
  institutionOfHost(host: string): Promise<number | undefined>;
}): StatementsService {
  const { core, settings } = options;
  const customerRef = (customer: StatementsCustomer): CustomerRef => ({
    institutionId: customer.institutionId,
    customerId: customer.customerId,
  });

  /** The statement of the customer's account with this id and provider, if there is one. */
  async function statementOf(
    customer: CustomerRef,
    number: string,
    id: string,
    date: string,
    providers: readonly number[],
  ) {
    const [list, institutionSettings] = await Promise.all([
      core.statements(customer, number, Number(date.slice(0, 4))),
      settings(customer.institutionId),
    ]);
    // Opened only through the provider the list named (listedStatementProvider).
    const configured = institutionSettings.get('eStatementOptions.statementProvider');
    return list?.find(
      (statement) =>
        statement.id === id &&
        providers.includes(listedStatementProvider(statement.provider, configured)),
    );
  }

  return {
    async builtInStatement(caller, { accountNumber, statementId, date }) {
      const customer = customerRef(caller);
      const statement = await statementOf(customer, accountNumber, statementId, date, [
        STATEMENT_PROVIDERS.builtIn,
      ]);
      const pdf = statement && (await core.statementDocument(customer, accountNumber, statementId));
      return pdf ? { accountNumber, date: statement.date, pdf } : undefined;
    },

    async statementUrl(caller, origin, { accountNumber, statementId, date }) {
      const customer = customerRef(caller);
      const { institutionId } = customer;
      const [statement, institutionSettings] = await Promise.all([
        statementOf(customer, accountNumber, statementId, date, STATEMENT_PROVIDERS.urlFamily),
        settings(institutionId),
      ]);
      const url =
        statement &&
        (await options.urlProvider.statementUrl(
          { customer, accountNumber, statementId, date: statement.date, type: statement.type },
          statementProviderAccess(institutionSettings, origin),
        ));
      // Handed out only on a host name of this institution: the built-in document host opens an
      // address nowhere else, and a statementProviderURL naming any other host would send each
      // borrower's signed address (it opens the statement for whoever holds it, for five
      // minutes) to that host. A bank's own provider client decides for its own addresses.
      if (!url || (await options.institutionOfHost(new URL(url).hostname)) !== institutionId) {
        return undefined;
      }
      return url;
    },

    async providerDocument(caller, { statementId, date }, today) {
      const customer = customerRef(caller);
      // The call names the document only: find it among the customer's accounts.
      const accounts = await core.listAccounts(customer, today);
      for (const account of accounts) {
        const statement = await statementOf(customer, account.number, statementId, date, [
          STATEMENT_PROVIDERS.documentFamily,
        ]);
        if (!statement) continue;
        const pdf = await options.documentProvider.document({
          customer,
          accountNumber: account.number,
          statementId,
          date: statement.date,
          type: statement.type,
        });
        if (pdf) return { accountNumber: account.number, date: statement.date, pdf };
      }
      return undefined;
    },

    async openAddress({ institutionId, origin }, reference) {
      const { keyReference } = statementProviderAccess(await settings(institutionId), origin);
      return options.documentHost.open(reference, { institutionId, keyReference });
    },
  };
}
