import {
  Envelope,
  ENVELOPE_CODES,
  errorEnvelope,
  LoginResponse,
  okEnvelope,
  PREVIEW_TOKEN_HEADER,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../plugins/request-context';
import type { PreviewsService } from './previews.service';

const PREVIEW_HEADER = PREVIEW_TOKEN_HEADER.toLowerCase();

export interface PreviewsRoutesOptions {
  service: PreviewsService;
}

/**
 * `POST /api/Preview/SignIn` (not in the specs: the admin's preview of signed-in screens). With a
 * live preview token of this institution it answers like a sign-in, as the sample borrower, with
 * the session token in UserToken: a preview never gets a cookie, so the admin's own tabs on the
 * portal's host are never signed in as the sample. The session is read-only (plugins/auth).
 */
export const previewsRoutes: FastifyPluginAsyncZod<PreviewsRoutesOptions> = async (
  app,
  { service },
) => {
  app.post(
    '/api/Preview/SignIn',
    { schema: { response: { 200: LoginResponse, 401: Envelope } } },
    async (request, reply) => {
      const header = request.headers[PREVIEW_HEADER];
      const token = typeof header === 'string' ? header.trim() : '';
      const signedIn =
        token !== '' && token.length <= 200
          ? await service.signInSample(token, requestContext(request))
          : undefined;
      if (!signedIn) return reply.code(401).send(errorEnvelope(ENVELOPE_CODES.unauthorized));
      const { borrower, sessionToken } = signedIn;
      return {
        ...okEnvelope(),
        UserName: borrower.username,
        PersonalName: borrower.personalName,
        ServicingBranch: borrower.servicingBranch,
        LastLoggedInIP: '',
        LastLoggedIn: null,
        UserToken: sessionToken,
        UserId: borrower.userId,
        EmailAddress: borrower.email,
        CompanyNumber: borrower.companyNumber,
        IsLoggedIn: true,
        EmailIsVerified: true,
        Password: false,
        ChangePasswordToken: '',
        MustChangePassword: false,
        HasPasswordQuestion: true,
        IsTrustedDevice: true,
        IsEmailCommunicationRestriced: false,
        MFARequired: false,
        WebAgreementLogs: [],
        BiometricsTokenExpiration: null,
        PendingSteps: [],
        BiometricsToken: '',
      };
    },
  );
};
