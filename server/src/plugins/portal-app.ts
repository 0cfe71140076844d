import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * The Fastify instance every module registers its routes on: zod schemas validate requests and
 * answers. app.ts builds it; modules receive it with their dependencies, and never import app.ts.
 */
export type PortalApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    /** DEMO_MODE: the demo-only conveniences (the local mailbox, the demo identity provider). */
    demoMode: boolean;
    /** The session cookies' names: `__Host-` prefixed when they are Secure. */
    cookieNames: { session: string; staff: string };
  }
}
