import { ENVELOPE_CODES, errorEnvelope } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The institution a request is for, resolved from its host name. */
export interface RequestInstitution {
  id: number;
  slug: string;
  name: string;
  /** Public path of its branding files, e.g. '/cdn/harbor'. */
  cdnFolder: string;
  timeZone: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    institution: RequestInstitution | null;
  }
  interface FastifyContextConfig {
    /** 'skip' for routes that serve every host alike (health checks, the OpenAPI document). */
    institution?: 'skip';
  }
}

export interface InstitutionPluginOptions {
  /** Looks a host name (lower case, no port) up; undefined when no institution serves it. */
  resolveHost(host: string): Promise<RequestInstitution | undefined>;
}

/** 'Harbor.Example:8443' → 'harbor.example', '[::1]:3000' → '::1'. */
export function hostName(hostHeader: string): string {
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end === -1 ? host : host.slice(1, end);
  }
  const colons = host.split(':').length - 1;
  // A bare IPv6 address has several colons and no port.
  if (colons !== 1) return host;
  return host.slice(0, host.indexOf(':'));
}

/** The resolved institution of a route that does not skip resolution. */
export function institutionOf(request: FastifyRequest): RequestInstitution {
  if (!request.institution) {
    throw new Error(`No institution was resolved for ${request.method} ${request.url}`);
  }
  return request.institution;
}

/** Resolves `request.institution` from the Host header (X-Forwarded-Host behind a trusted proxy). */
export const institutionPlugin = fp<InstitutionPluginOptions>(
  async (app, options) => {
    app.decorateRequest('institution', null);
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.config.institution === 'skip') return;
      const institution = await options.resolveHost(hostName(request.host));
      if (!institution) {
        return reply.code(404).send(errorEnvelope(ENVELOPE_CODES.notFound));
      }
      request.institution = institution;
    });
  },
  { name: 'institution' },
);
