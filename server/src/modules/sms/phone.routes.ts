import { formatUsPhoneNumber, formatUsDateTime } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from '../../lib/html';
import { institutionOf } from '../../plugins/institution';
import type { SmsService, TextOnPhone } from './sms.service';

const PhoneQuery = z.object({ number: z.string().max(20).optional() });
const ReplyBody = z.object({ from: z.string().max(20), body: z.string().min(1).max(160) });

const TextWire = z.object({
  id: z.number().int(),
  direction: z.enum(['out', 'in']),
  phoneNumber: z.string(),
  body: z.string(),
  at: z.string(),
});
const PhoneResponse = z.object({ texts: z.array(TextWire) });

const PAGE_STYLE = `
  body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 40rem; padding: 0 1rem; color: #1a1a1a; }
  section { border: 1px solid #bbb; border-radius: 6px; margin: 1rem 0; padding: 0.75rem 1rem; }
  ol { list-style: none; padding: 0; }
  li { margin: 0.5rem 0; padding: 0.5rem 0.75rem; border-radius: 12px; max-width: 85%; white-space: pre-wrap; }
  li.out { background: #e8e8e8; }
  li.in { background: #0b57d0; color: #fff; margin-left: auto; }
  p.meta { color: #444; margin: 0; font-size: 0.9em; }
  li.in p.meta { color: #fff; }
`;

function conversationHtml(number: string, texts: TextOnPhone[], timeZone: string): string {
  const id = `phone-${number.replace(/\D/g, '')}`;
  const items = [...texts]
    .reverse()
    .map(
      (text) => `<li class="${text.direction}">
  <p class="meta">${text.direction === 'out' ? 'Received' : 'You replied'}, <time datetime="${text.at.toISOString()}">${escapeHtml(formatUsDateTime(text.at, timeZone))}</time></p>
  ${escapeHtml(text.body)}
</li>`,
    )
    .join('\n');
  return `<section aria-labelledby="${id}">
  <h2 id="${id}">${escapeHtml(formatUsPhoneNumber(number))}</h2>
  <ol>${items}</ol>
  <form method="post" action="/demo/phone/reply">
    <input type="hidden" name="from" value="${escapeHtml(number)}">
    <label for="${id}-reply">Reply from ${escapeHtml(formatUsPhoneNumber(number))} (STOP or HELP)</label>
    <input id="${id}-reply" name="body" required maxlength="160">
    <button type="submit">Send reply</button>
  </form>
</section>`;
}

/**
 * The demo mode's phone (beside /demo/mailbox): the texts the SMS outbox sent for the institution
 * of the host, one conversation per number, and a form to text back (STOP unsubscribes the
 * number, HELP answers with the institution's name). Registered only in demo mode.
 */
export const phoneRoutes: FastifyPluginAsyncZod<{ sms: SmsService }> = async (app, { sms }) => {
  // Scoped to this plugin: the demo phone's form posts as a browser form does.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  async function texts(institutionId: number, number: string | undefined) {
    return sms.conversation({
      institutionId,
      ...(number && number.trim() !== '' ? { phoneNumber: number } : {}),
      limit: 200,
    });
  }

  app.get(
    '/demo/phone.json',
    { schema: { querystring: PhoneQuery, response: { 200: PhoneResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const list = await texts(institutionOf(request).id, request.query.number);
      return { texts: list.map((text) => ({ ...text, at: text.at.toISOString() })) };
    },
  );

  app.get('/demo/phone', { schema: { querystring: PhoneQuery } }, async (request, reply) => {
    const institution = institutionOf(request);
    const list = await texts(institution.id, request.query.number);
    const byNumber = new Map<string, TextOnPhone[]>();
    for (const text of list) {
      byNumber.set(text.phoneNumber, [...(byNumber.get(text.phoneNumber) ?? []), text]);
    }
    const sections = [...byNumber.entries()]
      .map(([number, conversation]) => conversationHtml(number, conversation, institution.timeZone))
      .join('\n');
    const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo phone - ${escapeHtml(institution.name)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
<h1>Demo phone of ${escapeHtml(institution.name)}</h1>
<p>Texts the portal sent in demo mode, one conversation per number. Nothing leaves this machine.
Numbers ending in 00 are landlines and cannot receive texts.</p>
<form method="get" action="/demo/phone">
  <label for="number">Only texts to</label>
  <input id="number" name="number" type="tel" value="${escapeHtml(request.query.number ?? '')}">
  <button type="submit">Filter</button>
</form>
${sections === '' ? '<p>No texts yet.</p>' : sections}
</main>
</body>
</html>`;
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  });

  app.post('/demo/phone/reply', { schema: { body: ReplyBody } }, async (request, reply) => {
    // A form on another site must not text STOP for a demo number.
    if (request.headers['sec-fetch-site'] === 'cross-site') return reply.code(403).send();
    const institution = institutionOf(request);
    const received = await sms.receiveReply({
      institutionId: institution.id,
      from: request.body.from,
      body: request.body.body,
    });
    if (!received) return reply.code(400).send({ error: 'Not a US phone number' });
    const number = encodeURIComponent(request.body.from);
    return reply.code(303).header('location', `/demo/phone?number=${number}`).send();
  });
};
