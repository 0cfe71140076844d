import {
  AdminLoginRequest,
  AdminLoginResponse,
  AdminVerifyRequest,
  CreateStaffRequest,
  CreateStaffResponse,
  StaffListResponse,
  StaffMe,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffOf } from '../admin/admin-api';
import type { AdminAuthService } from './staff-auth.service';

/** The staff session cookie: HttpOnly, Strict, only sent to the admin API. */
export const STAFF_SESSION_COOKIE = 'portal_admin_session';

export interface StaffRoutesOptions {
  auth: AdminAuthService;
  cookieSecure: boolean;
  /** Demo mode: `/admin-api/demo/mailbox` leads to the demo mailbox with the e-mailed codes. */
  demoMode: boolean;
}

/**
 * `/admin-api`: staff sign-in (password, then an authenticator's or an e-mailed code), sign-out,
 * the signed-in member (`/me`), and the staff accounts implementers manage.
 */
export const staffRoutes: FastifyPluginAsyncZod<StaffRoutesOptions> = async (app, options) => {
  const { auth } = options;
  const cookieOptions = {
    path: '/admin-api',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: options.cookieSecure,
  };

  // ---- Sign-in --------------------------------------------------------------------------------

  app.post(
    '/login',
    {
      config: { staffAuth: 'none' },
      schema: { body: AdminLoginRequest, response: { 200: AdminLoginResponse } },
    },
    async (request) => auth.login({ ...request.body, ip: request.ip }),
  );

  app.post(
    '/login/verify',
    {
      config: { staffAuth: 'none' },
      schema: { body: AdminVerifyRequest, response: { 200: StaffMe } },
    },
    async (request, reply) => {
      const { token, me } = await auth.verify({ ...request.body, ip: request.ip });
      reply.setCookie(request.server.cookieNames.staff, token, cookieOptions);
      return me;
    },
  );

  app.post(
    '/logout',
    { config: { staffAuth: 'none' }, schema: { response: { 204: z.null() } } },
    async (request, reply) => {
      const token = request.cookies[request.server.cookieNames.staff];
      if (token) await auth.logout(token);
      reply.clearCookie(request.server.cookieNames.staff, cookieOptions);
      return reply.code(204).send(null);
    },
  );

  app.get('/me', { schema: { response: { 200: StaffMe } } }, async (request) =>
    auth.me(staffOf(request)),
  );

  if (options.demoMode) {
    // Demo mode: the sign-in page links here; the codes are in the demo mailbox (staff codes go
    // through the default institution's outbox, which the mailbox on localhost shows).
    app.get(
      '/demo/mailbox',
      {
        config: { staffAuth: 'none' },
        schema: { hide: true, querystring: z.object({ to: z.string().max(320).optional() }) },
      },
      async (request, reply) => {
        const query = request.query.to ? `?${new URLSearchParams({ to: request.query.to })}` : '';
        return reply.redirect(`/demo/mailbox${query}`);
      },
    );
  }

  // ---- Staff (implementers) ---------------------------------------------------------------------

  app.get('/staff', { schema: { response: { 200: StaffListResponse } } }, async (request) => ({
    staff: await auth.listStaff(staffOf(request)),
  }));

  app.post(
    '/staff',
    { schema: { body: CreateStaffRequest, response: { 201: CreateStaffResponse } } },
    async (request, reply) => {
      const created = await auth.addStaff(staffOf(request), request.body);
      return reply.code(201).send(created);
    },
  );
};
