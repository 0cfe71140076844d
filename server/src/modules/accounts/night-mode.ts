import { errorEnvelope, inNightWindow, minuteOfDayIn } from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../lib/clock';
import { requestContext } from '../../plugins/request-context';
import { nightWindowOfSettings } from '../jobs/end-of-day';

/** The loan page's on-load and save flag for the nightly window (spec 002 section 8). */
export const NIGHT_ERROR = 'NightError';

/**
 * A hook for the loan calls: while the institution's nightly processing window is open (the core's
 * end of day runs in it) they answer 503 with NightError, worded by loanDetailsTexts.nightErrorText.
 */
export function nightModeHook(options: {
  clock: Clock;
  settings(institutionId: number): Promise<SettingsAccessor>;
}) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { institutionId, timeZone } = requestContext(request);
    const window = nightWindowOfSettings(await options.settings(institutionId));
    if (inNightWindow(window, minuteOfDayIn(timeZone, options.clock.now()))) {
      return reply.code(503).send(errorEnvelope(NIGHT_ERROR));
    }
    return undefined;
  };
}
