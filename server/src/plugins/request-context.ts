import { calendarDateIn, type CalendarDate } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../lib/clock';
import { hostName, institutionOf, type RequestInstitution } from './institution';

/**
 * What every portal call needs to know about where it comes from, built once per request:
 * the institution (by host name), the caller's address and browser, the portal origin links in
 * e-mails point to, and the moment of the request with its calendar date in the institution's
 * time zone. Services take it (or the part they need) instead of each route assembling its own.
 */
export interface RequestContext {
  institution: RequestInstitution;
  institutionId: number;
  institutionSlug: string;
  institutionName: string;
  /** IANA time zone of the institution (localeOptions.institutionTimeZone). */
  timeZone: string;
  ip: string;
  userAgent: string;
  /** The portal origin of this host, e.g. 'https://portal.harbor.example' (links in e-mails). */
  origin: string;
  /** The app clock when the request arrived. */
  now: Date;
  /** `now` as a calendar date in the institution's time zone. */
  today: CalendarDate;
}

const CONTEXT = Symbol('requestContext');
type WithContext = FastifyRequest & { [CONTEXT]?: RequestContext };

/**
 * The portal address links in e-mails point to: 'http://harbor.localhost:3000'. Built from the
 * resolved host name and a numeric port only: the Host header is the caller's, and a link must
 * never lead to another site ('localhost:1@evil.example' would otherwise become a link to
 * evil.example).
 */
export function portalOrigin(request: Pick<FastifyRequest, 'host' | 'protocol'>): string {
  const host = hostName(request.host);
  const portText = /:(\d{1,5})$/.exec(request.host.trim())?.[1];
  const port = portText && !request.host.trim().endsWith(']') ? `:${Number(portText)}` : '';
  const name = host.includes(':') ? `[${host}]` : host;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return `${protocol}://${name}${port}`;
}

/** The request's context (requestContextPlugin must be registered; the institution resolved). */
export function requestContext(request: FastifyRequest): RequestContext {
  const cached = (request as WithContext)[CONTEXT];
  if (cached) return cached;
  const clock = request.server.requestClock;
  const institution = institutionOf(request);
  const now = clock.now();
  const context: RequestContext = {
    institution,
    institutionId: institution.id,
    institutionSlug: institution.slug,
    institutionName: institution.name,
    timeZone: institution.timeZone,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
    origin: portalOrigin(request),
    now,
    today: calendarDateIn(institution.timeZone, now),
  };
  (request as WithContext)[CONTEXT] = context;
  return context;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The clock request contexts read (the app's clock). */
    requestClock: Clock;
  }
}

/** Gives `requestContext(request)` the app's clock. */
export const requestContextPlugin = fp<{ clock: Clock }>(
  async (app, options) => {
    app.decorate('requestClock', options.clock);
  },
  { name: 'request-context' },
);
