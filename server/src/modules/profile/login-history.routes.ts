import { Envelope, LoginHistoryResponse, okEnvelope } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { sessionOf } from '../../plugins/auth';
import { requestContext } from '../../plugins/request-context';
import { listSuccessfulLogins } from '../auth/sessions.repository';

/**
 * The login history screen shows the user's successful sign-ins of the last year, newest first,
 * at most this many (the specs fix neither; a year covers any review a borrower makes).
 */
export const LOGIN_HISTORY_LIMIT = 50;
export const LOGIN_HISTORY_DAYS = 365;

/** `GET /api/Profile/LoginHistory`: LoginDate is the instant (ISO, UTC); the portal shows it in the institution's zone. */
export const loginHistoryRoutes: FastifyPluginAsyncZod<{
  db: Kysely<Database>;
  clock: Clock;
}> = async (app, { db, clock }) => {
  app.get(
    '/api/Profile/LoginHistory',
    {
      config: { auth: 'required' },
      schema: { response: { 200: LoginHistoryResponse, 401: Envelope } },
    },
    async (request) => {
      const { institutionId } = requestContext(request);
      const { user } = sessionOf(request);
      const since = new Date(clock.now().getTime() - LOGIN_HISTORY_DAYS * 86_400_000);
      const rows = await listSuccessfulLogins(
        db,
        institutionId,
        user.id,
        since,
        LOGIN_HISTORY_LIMIT,
      );
      return {
        ...okEnvelope(),
        List: rows.map((row) => ({
          EntryKey: String(row.id),
          LoginDate: row.created_at.toISOString(),
          IPAddress: row.ip,
        })),
      };
    },
  );
};
