import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml, linkifyText } from '../../lib/html';
import { institutionOf } from '../../plugins/institution';
import type { MailService } from './mail.service';

const MailboxQuery = z.object({ to: z.string().max(320).optional() });

const MailboxMessage = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  sentAt: z.string(),
});
const MailboxResponse = z.object({ messages: z.array(MailboxMessage) });

const PAGE_STYLE = `
  body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 56rem; padding: 0 1rem; color: #1a1a1a; }
  article { border: 1px solid #bbb; border-radius: 6px; margin: 1rem 0; padding: 0.75rem 1rem; }
  pre { white-space: pre-wrap; font: inherit; }
  p.meta { color: #444; margin: 0; }
`;

/**
 * The demo mode's local mailbox (ARCHITECTURE.md): what the outbox delivered for the institution
 * of the host, newest first, so a newcomer can read security codes and links without any mail
 * server. Registered only in demo mode.
 */
export const mailboxRoutes: FastifyPluginAsyncZod<{ mail: MailService }> = async (
  app,
  { mail },
) => {
  async function messages(institutionId: number, to: string | undefined) {
    const delivered = await mail.delivered({
      institutionId,
      ...(to && to.trim() !== '' ? { to } : {}),
      limit: 100,
    });
    return delivered.map((message) => ({ ...message, sentAt: message.sentAt.toISOString() }));
  }

  app.get(
    '/demo/mailbox.json',
    { schema: { querystring: MailboxQuery, response: { 200: MailboxResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { messages: await messages(institutionOf(request).id, request.query.to) };
    },
  );

  app.get('/demo/mailbox', { schema: { querystring: MailboxQuery } }, async (request, reply) => {
    const institution = institutionOf(request);
    const list = await messages(institution.id, request.query.to);
    const items = list
      .map(
        (message) => `<article aria-labelledby="message-${message.id}">
  <h2 id="message-${message.id}">${escapeHtml(message.subject)}</h2>
  <p class="meta">To ${escapeHtml(message.to)}, <time datetime="${message.sentAt}">${escapeHtml(message.sentAt)}</time></p>
  <pre>${linkifyText(message.body)}</pre>
</article>`,
      )
      .join('\n');
    const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo mailbox - ${escapeHtml(institution.name)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
<h1>Demo mailbox of ${escapeHtml(institution.name)}</h1>
<p>E-mail the portal sent in demo mode, newest first. Nothing leaves this machine.</p>
<form method="get" action="/demo/mailbox">
  <label for="to">Only messages to</label>
  <input id="to" name="to" type="email" value="${escapeHtml(request.query.to ?? '')}">
  <button type="submit">Filter</button>
</form>
${items === '' ? '<p>No messages yet.</p>' : items}
</main>
</body>
</html>`;
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  });
};
