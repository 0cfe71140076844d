import fp from 'fastify-plugin';

/** True when an If-None-Match header names this ETag (weak or strong, or '*'). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const wanted = etag.replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .map((candidate) => candidate.trim().replace(/^W\//, ''))
    .some((candidate) => candidate === wanted || candidate === '*');
}

/**
 * Answers 304 Not Modified, without a body, to a GET whose If-None-Match names the ETag a route
 * set on its 200 answer. Routes only set the header.
 */
export const conditionalGetPlugin = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
      if (reply.statusCode !== 200) return payload;
      const etag = reply.getHeader('etag');
      if (typeof etag !== 'string') return payload;
      if (!matchesEtag(request.headers['if-none-match'], etag)) return payload;
      reply.code(304);
      reply.removeHeader('content-length');
      reply.removeHeader('content-type');
      return null;
    });
  },
  { name: 'conditional-get' },
);
