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
  SESSION_TRANSPORT_HEADER,
  SESSION_TRANSPORT_HEADER_VALUE,
  SignInCheckResponse,
  SsoLoginRequest,
  TokenLoginRequest,
  USER_TOKEN_HEADER,
} from '@portal/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { prepareDummyHash } from '../../lib/passwords';
import { presentedToken } from '../../plugins/auth';
import { institutionOf } from '../../plugins/institution';
import type { AuthService, SignedIn, SignInContext, SignInResult } from './auth.service';
import { requestContext } from '../../plugins/request-context';

export interface AuthRoutesOptions {
  service: AuthService;
  /** Secure cookies travel over HTTPS only (COOKIE_SECURE). */
  cookieSecure: boolean;
}

const TRANSPORT_HEADER = SESSION_TRANSPORT_HEADER.toLowerCase();
const USER_TOKEN = USER_TOKEN_HEADER.toLowerCase();

/**
 * Whether the client keeps its token itself (mobile wrapper, API clients): it asked for the header
 * transport, or it presents its token in the UserToken header. Browsers get an HttpOnly cookie.
 */
export function usesHeaderTransport(request: FastifyRequest): boolean {
  if (request.headers[TRANSPORT_HEADER] === SESSION_TRANSPORT_HEADER_VALUE) return true;
  const header = request.headers[USER_TOKEN];
  return typeof header === 'string' && header.trim() !== '';
}

export function sessionCookieOptions(secure: boolean) {
  return { httpOnly: true, sameSite: 'strict', path: '/', secure } as const;
}

/**
 * Hands a session token to the client: in UserToken for header clients, otherwise in the cookie
 * (and UserToken stays empty, so no page script ever sees it).
 */
export function deliverToken(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  cookieSecure: boolean,
): string {
  if (usesHeaderTransport(request)) return token;
  reply.setCookie(request.server.cookieNames.session, token, sessionCookieOptions(cookieSecure));
  return '';
}

function loginResponse(result: SignedIn, userToken: string): LoginResponse {
  const { borrower } = result;
  return {
    ...okEnvelope(),
    UserName: borrower.username,
    PersonalName: borrower.personal_name,
    ServicingBranch: borrower.servicing_branch,
    LastLoggedInIP: borrower.last_login_ip ?? '',
    LastLoggedIn: borrower.last_login_at?.toISOString() ?? null,
    UserToken: userToken,
    UserId: borrower.id,
    EmailAddress: borrower.email,
    CompanyNumber: borrower.company_number,
    IsLoggedIn: true,
    EmailIsVerified: borrower.email_verified,
    Password: result.passwordSignIn,
    ChangePasswordToken: result.changePasswordToken,
    MustChangePassword: borrower.must_change_password,
    HasPasswordQuestion:
      borrower.password_question !== '' && borrower.password_answer_hash !== null,
    IsTrustedDevice: result.trustedDevice,
    IsEmailCommunicationRestriced: borrower.email_communication_restricted,
    MFARequired: result.mfaRequired,
    WebAgreementLogs: result.agreementLogs,
    BiometricsTokenExpiration: result.biometrics?.expiresAt.toISOString() ?? null,
    PendingSteps: result.session.pendingSteps,
    BiometricsToken: result.biometrics?.token ?? '',
  };
}

/** The sign-in's part of the request context (only those fields reach the sign-in log). */
export function signInContext(request: FastifyRequest): SignInContext {
  const { institutionId, institutionSlug, institutionName, timeZone, ip, userAgent } =
    requestContext(request);
  return { institutionId, institutionSlug, institutionName, timeZone, ip, userAgent };
}

/** Sign-in (password, biometric token, single sign-on), sign-out and token checks. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { service, cookieSecure } = options;

  app.addHook('onReady', prepareDummyHash);

  function bodyOrPresentedToken(request: FastifyRequest, fromBody: string | undefined) {
    const token = fromBody?.trim();
    return token ? token : presentedToken(request);
  }

  function answer(request: FastifyRequest, reply: FastifyReply, result: SignInResult) {
    if (!result.ok) return reply.code(403).send(errorEnvelope(result.code));
    return loginResponse(result, deliverToken(request, reply, result.token, cookieSecure));
  }

  const loginSchema = { response: { 200: LoginResponse, 403: Envelope } };

  app.post(
    '/api/login/userlogin',
    { schema: { body: LoginRequest, ...loginSchema } },
    async (request, reply) => {
      const result = await service.signIn({
        ...signInContext(request),
        username: request.body.username,
        password: request.body.password,
        ...(request.body.deviceId ? { deviceId: request.body.deviceId } : {}),
        ...(request.body.SignInCheck ? { signInCheck: request.body.SignInCheck } : {}),
        ...(request.body.trustedDeviceTokens
          ? { trustedDeviceTokens: request.body.trustedDeviceTokens }
          : {}),
      });
      return answer(request, reply, result);
    },
  );

  app.get(
    '/api/login/SignInCheck',
    { schema: { response: { 200: SignInCheckResponse } } },
    async (request) => {
      const { institutionId, ip } = requestContext(request);
      return { ...okEnvelope(), ...(await service.signInChallenge(institutionId, ip)) };
    },
  );

  app.post(
    '/api/login/tokenlogin',
    { schema: { body: TokenLoginRequest, ...loginSchema } },
    async (request, reply) => {
      const result = await service.tokenSignIn({
        ...signInContext(request),
        token: request.body.Token,
        deviceId: request.body.DeviceID,
      });
      return answer(request, reply, result);
    },
  );

  app.post(
    '/api/login/ssologin',
    { schema: { body: SsoLoginRequest, ...loginSchema } },
    async (request, reply) => {
      const result = await service.ssoSignIn({
        ...signInContext(request),
        token: request.body.Token,
      });
      return answer(request, reply, result);
    },
  );

  app.post(
    '/api/Login/Logout',
    { schema: { body: LogoutRequest.optional(), response: { 200: Envelope } } },
    async (request, reply) => {
      const token = bodyOrPresentedToken(request, request.body?.UserToken);
      if (token) await service.signOut(token, institutionOf(request).id);
      reply.clearCookie(request.server.cookieNames.session, sessionCookieOptions(cookieSecure));
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
      if (logon === undefined) {
        return reply.code(401).send(errorEnvelope(ENVELOPE_CODES.unauthorized));
      }
      return { ...okEnvelope(), Logon: logon };
    },
  );
};
