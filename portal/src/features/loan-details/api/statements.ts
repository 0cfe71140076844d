import { StatementListResponse, withEnvelope } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { getPassableToken } from '../../../lib/documents/passable-token';
import { loanKeys } from './keys';

/** `GET /api/accountEStatements/GetStatementList?AccountNumber&Year` (cached per account and year). */
export function getStatementList(accountNumber: string, year: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ AccountNumber: accountNumber, Year: String(year) });
  return api.get(
    `api/accountEStatements/GetStatementList?${query.toString()}`,
    StatementListResponse,
    {
      signal,
    },
  );
}

export const statementListQuery = (accountNumber: string, year: number) =>
  queryOptions({
    queryKey: loanKeys.statements(accountNumber, year),
    queryFn: ({ signal }) => getStatementList(accountNumber, year, signal),
  });

export const useStatementList = (
  accountNumber: string,
  year: number,
  options: { enabled?: boolean } = {},
) => useQuery({ ...statementListQuery(accountNumber, year), enabled: options.enabled ?? true });

/** `GET /api/AccountEstatements/GetAmsiveStatementUrl` (providers 1 and 3). */
export async function getProviderStatementUrl(statement: {
  Date: string;
  Number: string;
  Type: number;
  Id: string;
}): Promise<string> {
  const query = new URLSearchParams({
    Date: statement.Date.slice(0, 10),
    Number: statement.Number,
    Type: String(statement.Type),
    Id: statement.Id,
  });
  const answer = await api.get(
    `api/AccountEstatements/GetAmsiveStatementUrl?${query.toString()}`,
    withEnvelope({ StatementUrl: z.string() }),
  );
  return answer.StatementUrl;
}

/** The address that opens a built-in (0) or document-family (4) statement, with a fresh token. */
export async function statementDocumentUrl(statement: {
  Date: string;
  Number: string;
  Type: number;
  Id: string;
  Provider: number;
}): Promise<string> {
  const token = await getPassableToken();
  const date = statement.Date.slice(0, 10);
  if (statement.Provider === 4) {
    const query = new URLSearchParams({ token, documentId: statement.Id, date });
    return `api/AccountEStatements/GetBroadridgeDocument?${query.toString()}`;
  }
  const query = new URLSearchParams({
    Date: date,
    Number: statement.Number,
    Type: String(statement.Type),
    Id: statement.Id,
    token,
  });
  return `api/AccountEstatements/ViewStatement?${query.toString()}`;
}
