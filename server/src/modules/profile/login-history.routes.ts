import { Envelope, LoginHistoryResponse, okEnvelope } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInCaller } from '../../plugins/signed-in-caller';
import type { LoginHistoryService } from '../auth/login-history.service';

/**
 * `GET /api/Profile/LoginHistory`: the user's sign-in attempts, failed ones too. LoginDate is the
 * instant (ISO, UTC); the portal shows it in the institution's zone.
 */
export const loginHistoryRoutes: FastifyPluginAsyncZod<{
  loginHistory: LoginHistoryService;
}> = async (app, { loginHistory }) => {
  app.get(
    '/api/Profile/LoginHistory',
    {
      config: { auth: 'required' },
      schema: { response: { 200: LoginHistoryResponse, 401: Envelope } },
    },
    async (request) => {
      const signIns = await loginHistory.recentSignIns(signedInCaller(request));
      return {
        ...okEnvelope(),
        List: signIns.map((signIn) => ({
          EntryKey: String(signIn.id),
          LoginDate: signIn.at.toISOString(),
          IPAddress: signIn.ip,
          Browser: signIn.browser,
          Device: signIn.device,
          Succeeded: signIn.succeeded,
        })),
      };
    },
  );
};
