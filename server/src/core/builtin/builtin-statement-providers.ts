import { z } from 'zod';
import type { Clock } from '../../lib/clock';
import type { DataProtector } from '../../lib/data-protection';
import type { ServicingCore } from '../servicing-core';
import type {
  DocumentStatementProvider,
  StatementRequest,
  UrlStatementProvider,
} from '../statement-providers';

/** How long a built-in provider address opens its statement. */
export const PROVIDER_URL_MS = 5 * 60_000;

/** The path the built-in URL provider serves its statements under (see statements.routes.ts). */
export const PROVIDER_DOCUMENT_PATH = '/provider/statements';

const Reference = z.object({
  i: z.number().int(),
  c: z.string(),
  n: z.string(),
  s: z.string(),
  e: z.number().int(),
});

/**
 * The built-in stand-in for the URL family (providers 1 and 3): it hands out a signed, expiring
 * address on this server (as a provider's document host would) that serves the core's statement.
 */
export function createBuiltinUrlProvider(options: {
  core: ServicingCore;
  clock: Clock;
  protector: DataProtector;
}): UrlStatementProvider & {
  /** The statement behind a signed reference, if the signature holds and it has not expired. */
  open(reference: string): Promise<Uint8Array | undefined>;
} {
  const sign = (body: string) => options.protector.digest('statement-provider-url', body);
  return {
    async statementUrl(request: StatementRequest, origin: string) {
      const body = Buffer.from(
        JSON.stringify({
          i: request.customer.institutionId,
          c: request.customer.customerId,
          n: request.accountNumber,
          s: request.statementId,
          e: options.clock.now().getTime() + PROVIDER_URL_MS,
        }),
      ).toString('base64url');
      return `${origin}${PROVIDER_DOCUMENT_PATH}?ref=${body}.${sign(body)}`;
    },
    async open(reference) {
      const [body = '', signature = ''] = reference.split('.');
      if (body === '' || !options.protector.sameDigest(sign(body), signature)) return undefined;
      let parsed;
      try {
        parsed = Reference.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
      } catch {
        return undefined;
      }
      if (!parsed.success || parsed.data.e < options.clock.now().getTime()) return undefined;
      return options.core.statementDocument(
        { institutionId: parsed.data.i, customerId: parsed.data.c },
        parsed.data.n,
        parsed.data.s,
      );
    },
  };
}

/** The built-in stand-in for the document family (provider 4): the core renders the statement. */
export function createBuiltinDocumentProvider(options: {
  core: ServicingCore;
}): DocumentStatementProvider {
  return {
    async document(request) {
      return options.core.statementDocument(
        request.customer,
        request.accountNumber,
        request.statementId,
      );
    },
  };
}
