import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from '../../lib/html';
import { institutionOf } from '../../plugins/institution';
import type { DemoIdentityProvider } from './demo-idp.service';

const IdpQuery = z.object({
  user: z.string().max(200).optional(),
  /** Why the portal sent the visitor here (notLoggedIn, error, userCancelled). */
  reason: z.string().max(40).optional(),
});

const REASONS: Readonly<Record<string, string>> = {
  notLoggedIn: 'The portal could not sign you in with the last token. Choose a user again.',
  error: 'Something went wrong with the last sign-in. Choose a user again.',
  userCancelled: 'You cancelled the sign-in.',
};

/**
 * GET /demo/idp (demo mode only): the identity provider page of an institution that uses single
 * sign-on. Choosing a user mints a token and sends the browser to the portal's #/home/sso/<token>.
 */
export const demoIdpRoutes: FastifyPluginAsyncZod<{ idp: DemoIdentityProvider }> = async (
  app,
  { idp },
) => {
  app.get('/demo/idp', { schema: { querystring: IdpQuery } }, async (request, reply) => {
    const institution = institutionOf(request);
    reply.header('cache-control', 'no-store');
    if (!(await idp.available(institution.id))) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send(`${institution.name} does not use single sign-on.`);
    }
    const { user, reason } = request.query;
    if (user) {
      const token = await idp.mint(institution, user);
      if (token) return reply.redirect(`/#/home/sso/${encodeURIComponent(token)}`, 302);
    }
    const users = await idp.users(institution.id);
    const notice = user
      ? `<p role="alert">There is no user ${escapeHtml(user)}.</p>`
      : reason && REASONS[reason]
        ? `<p role="status">${escapeHtml(REASONS[reason])}</p>`
        : '';
    const buttons = users
      .map(
        (name) =>
          `<li><button type="submit" name="user" value="${escapeHtml(name)}">Sign in as ${escapeHtml(name)}</button></li>`,
      )
      .join('\n');
    const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo identity provider - ${escapeHtml(institution.name)}</title>
<style>body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 40rem; padding: 0 1rem; } li { margin: 0.5rem 0; } button { font-size: 1rem; padding: 0.4rem 0.8rem; }</style>
</head>
<body>
<main>
<h1>${escapeHtml(institution.name)} sign-in (demo identity provider)</h1>
${notice}
<p>In production the institution's own identity provider signs borrowers in. This demo page signs a short-lived, single-use token and sends you to the portal.</p>
<form method="get" action="/demo/idp">
<ul>
${buttons}
</ul>
</form>
</main>
</body>
</html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  });
};
