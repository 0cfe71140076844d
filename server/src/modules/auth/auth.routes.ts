import {
  CheckTokenExpirationRequest,
  CheckTokenExpirationResponse,
  ENVELOPE_CODES,
  Envelope,
  errorEnvelope,
  LoginRequest,
  LoginResponse,
  LogoutRequest,
  LookupLoginFromTokenRequest,
  LookupLoginFromTokenResponse,
  okEnvelope,
  ProfileResponse,
  SESSION_TRANSPORT_HEADER,
  SESSION_TRANSPORT_HEADER_VALUE,
} from '@portal/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { UserRow } from '../../db/schema';
import { prepareDummyHash } from '../../lib/passwords';
import { presentedToken, SESSION_COOKIE, sessionOf } from '../../plugins/auth';
import { institutionOf } from '../../plugins/institution';
import type { AuthService } from './auth.service';

export interface AuthRoutesOptions {
  service: AuthService;
  /** Secure cookies travel over HTTPS only (COOKIE_SECURE). */
  cookieSecure: boolean;
}

const TRANSPORT_HEADER = SESSION_TRANSPORT_HEADER.toLowerCase();

function wantsHeaderTransport(request: FastifyRequest): boolean {
  return request.headers[TRANSPORT_HEADER] === SESSION_TRANSPORT_HEADER_VALUE;
}

function loginResponse(user: UserRow, userToken: string): LoginResponse {
  return {
    ...okEnvelope(),
    UserName: user.username,
    PersonalName: user.personal_name,
    ServicingBranch: user.servicing_branch,
    LastLoggedInIP: user.last_login_ip ?? '',
    LastLoggedIn: user.last_login_at?.toISOString() ?? null,
    UserToken: userToken,
    UserId: user.id,
    EmailAddress: user.email,
    CompanyNumber: user.company_number,
    IsLoggedIn: true,
    EmailIsVerified: user.email_verified,
    // The sign-in carried a password (token sign-in does not); the SSN step depends on it.
    Password: true,
    ChangePasswordToken: '',
    MustChangePassword: user.must_change_password,
    HasPasswordQuestion: user.password_question !== '' && user.password_answer_hash !== null,
    IsTrustedDevice: false,
    IsEmailCommunicationRestriced: false,
    MFARequired: false,
    WebAgreementLogs: [],
    BiometricsTokenExpiration: null,
  };
}

/** Sign-in, sign-out, token checks and the profile header (spec 000 section 7). */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { service } = options;
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: options.cookieSecure,
  } as const;

  app.addHook('onReady', prepareDummyHash);

  function bodyOrPresentedToken(request: FastifyRequest, fromBody: string | undefined) {
    const token = fromBody?.trim();
    return token ? token : presentedToken(request);
  }

  function refuse(reply: FastifyReply, status: 401 | 403, code: string) {
    return reply.code(status).send(errorEnvelope(code));
  }

  app.post(
    '/api/login/userlogin',
    { schema: { body: LoginRequest, response: { 200: LoginResponse, 403: Envelope } } },
    async (request, reply) => {
      const result = await service.signIn({
        institutionId: institutionOf(request).id,
        username: request.body.username.trim(),
        password: request.body.password,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      if (!result.ok) return refuse(reply, 403, result.code);
      if (wantsHeaderTransport(request)) return loginResponse(result.user, result.token);
      reply.setCookie(SESSION_COOKIE, result.token, cookieOptions);
      return loginResponse(result.user, '');
    },
  );

  app.post(
    '/api/Login/Logout',
    { schema: { body: LogoutRequest.optional(), response: { 200: Envelope } } },
    async (request, reply) => {
      const token = bodyOrPresentedToken(request, request.body?.UserToken);
      if (token) await service.signOut(token, institutionOf(request).id);
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      return okEnvelope();
    },
  );

  app.post(
    '/api/Login/CheckTokenExpiration',
    {
      schema: {
        body: CheckTokenExpirationRequest.optional(),
        response: { 200: CheckTokenExpirationResponse },
      },
    },
    async (request) => {
      const token = bodyOrPresentedToken(request, request.body?.Token);
      const status = token
        ? await service.tokenStatus(token, institutionOf(request).id)
        : { live: false, expiresAt: null };
      return {
        ...okEnvelope(),
        IsExpired: !status.live,
        ExpiresAt: status.expiresAt?.toISOString() ?? null,
      };
    },
  );

  app.post(
    '/api/Login/LookupLoginFromToken',
    {
      schema: {
        body: LookupLoginFromTokenRequest.optional(),
        response: { 200: LookupLoginFromTokenResponse, 401: Envelope },
      },
    },
    async (request, reply) => {
      const token = bodyOrPresentedToken(request, request.body?.UserToken);
      const logon = token ? await service.lookupLogin(token, institutionOf(request).id) : undefined;
      if (logon === undefined) return refuse(reply, 401, ENVELOPE_CODES.unauthorized);
      return { ...okEnvelope(), Logon: logon };
    },
  );

  app.get(
    '/api/Profile',
    { config: { auth: 'required' }, schema: { response: { 200: ProfileResponse, 401: Envelope } } },
    async (request) => {
      const { session, user } = sessionOf(request);
      const previous = await service.previousSignIn(session);
      return {
        ...okEnvelope(),
        UserInfo: {
          LogonName: user.username,
          EmailAddress: user.email,
          PersonalName: user.personalName,
          ServicingBranch: user.servicingBranch,
          CompanyNumber: user.companyNumber,
          LastLoggedIn: previous?.at.toISOString() ?? null,
          LastLoggedInIP: previous?.ip ?? '',
        },
      };
    },
  );
};
