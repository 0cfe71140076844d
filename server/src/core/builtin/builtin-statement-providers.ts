import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../../lib/clock';
import type { DataProtector } from '../../lib/data-protection';
import type { ServicingCore } from '../servicing-core';
import {
  PROVIDER_DOCUMENT_PATH,
  type DocumentStatementProvider,
  type SelfHostedUrlStatementProvider,
  type StatementProviderAccess,
  type StatementRequest,
} from '../statement-providers';

/** How long a built-in provider address opens its statement. */
export const PROVIDER_URL_MS = 5 * 60_000;

const Reference = z.object({
  i: z.number().int(),
  c: z.string(),
  n: z.string(),
  s: z.string(),
  e: z.number().int(),
});

/**
 * Where the built-in provider's addresses point: `statementProviderURL` when it is set (an
 * absolute http(s) address, or a path on the portal's host), otherwise this server's own document
 * host, the portal origin + PROVIDER_DOCUMENT_PATH. Undefined for an address that is no web page
 * (a mailto: or tel: the setting's format lets through, or one that does not parse).
 */
export function providerDocumentHost(access: StatementProviderAccess): URL | undefined {
  let host: URL;
  try {
    host = new URL(access.url === '' ? PROVIDER_DOCUMENT_PATH : access.url, access.origin);
  } catch {
    return undefined;
  }
  return host.protocol === 'http:' || host.protocol === 'https:' ? host : undefined;
}

/**
 * The built-in stand-in for the URL family (providers 1 and 3): it hands out a signed, expiring
 * address at the institution's document host (as a provider's would) that serves the core's
 * statement. The signing key is derived from the server's data key and the institution's
 * `statementProviderKeyReference`, so changing that name voids every address handed out.
 */
export function createBuiltinUrlProvider(options: {
  core: ServicingCore;
  clock: Clock;
  protector: DataProtector;
}): SelfHostedUrlStatementProvider {
  const signingKey = (keyReference: string) =>
    options.protector.digest('statement-provider-key', keyReference);
  const sign = (keyReference: string, body: string) =>
    createHmac('sha256', signingKey(keyReference)).update(body).digest('base64url');
  return {
    async statementUrl(request: StatementRequest, access) {
      const host = providerDocumentHost(access);
      if (!host) return undefined;
      // Sealed with the data key, not only signed: the address travels through the browser and
      // any host in front, and need not tell them whose account it is.
      const body = options.protector.encrypt(
        JSON.stringify({
          i: request.customer.institutionId,
          c: request.customer.customerId,
          n: request.accountNumber,
          s: request.statementId,
          e: options.clock.now().getTime() + PROVIDER_URL_MS,
        }),
      );
      host.searchParams.set('ref', `${body}.${sign(access.keyReference, body)}`);
      return host.href;
    },
    async open(reference, institution) {
      const [body = '', signature = ''] = reference.split('.');
      const expected = sign(institution.keyReference, body);
      if (body === '' || !options.protector.sameDigest(expected, signature)) return undefined;
      let parsed;
      try {
        parsed = Reference.safeParse(JSON.parse(options.protector.decrypt(body)));
      } catch {
        return undefined;
      }
      if (!parsed.success || parsed.data.e < options.clock.now().getTime()) return undefined;
      if (parsed.data.i !== institution.institutionId) return undefined;
      return options.core.statementDocument(
        { institutionId: parsed.data.i, customerId: parsed.data.c },
        parsed.data.n,
        parsed.data.s,
      );
    },
  };
}

/**
 * The built-in stand-in for the document family (provider 4): the core renders the statement.
 * It calls no host and signs nothing, so it reads neither provider setting.
 */
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
