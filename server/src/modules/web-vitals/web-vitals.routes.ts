import {
  ENVELOPE_CODES,
  Envelope,
  errorEnvelope,
  okEnvelope,
  WebVitalReport,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { institutionOf } from '../../plugins/institution';
import { MINUTE_MS, type ThrottleService } from '../throttle/throttle.service';
import type { WebVitalsService } from './web-vitals.service';

export interface WebVitalsRoutesOptions {
  service: WebVitalsService;
  throttle: ThrottleService;
}

/**
 * Reports need no sign-in, so each address gets a budget a minute, as page views do: a measured
 * page load sends four reports and a few repeats, far below it.
 */
export const WEB_VITALS_PER_MINUTE_PER_IP = 120;

/** `POST /api/Analytics/WebVitals`: one Core Web Vitals measurement of a sampled page load. */
export const webVitalsRoutes: FastifyPluginAsyncZod<WebVitalsRoutesOptions> = async (
  app,
  { service, throttle },
) => {
  app.post(
    '/api/Analytics/WebVitals',
    {
      schema: {
        summary: 'Records one Core Web Vitals measurement of a page load',
        description:
          'Metric LCP, INP, CLS or TTFB; Value in milliseconds (the CLS score for CLS), 0 up to the metric’s bound; Route the route’s pattern (/myaccount/loanDetails/:accountNumber), never an address: a number, dot, @ or query is refused 400 InvalidRequest naming the field. Id is the measurement’s id: a repeat replaces its value. 404 NotFound while the institution measures nothing (analytics off or analyticsOptions.webVitalsSampleRate 0); 429 past 120 a minute from one address.',
        body: WebVitalReport,
        response: { 200: Envelope, 404: Envelope },
      },
    },
    async (request, reply) => {
      const institution = institutionOf(request);
      await throttle.enforce({
        institutionId: institution.id,
        bucket: 'web-vitals-ip',
        key: request.ip,
        limit: WEB_VITALS_PER_MINUTE_PER_IP,
        windowMs: MINUTE_MS,
      });
      const recorded = await service.record(institution.id, request.body);
      if (!recorded) return reply.code(404).send(errorEnvelope(ENVELOPE_CODES.notFound));
      return okEnvelope();
    },
  );
};
