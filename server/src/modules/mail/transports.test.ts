import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmtpTransport } from './transports';

let server: Server | undefined;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A mail server that accepts the connection and then never says a word. */
async function silentServer(): Promise<number> {
  server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('SMTP transport', () => {
  it('fails a send to a stalled server within its timeouts, so the outbox retries it', async () => {
    const port = await silentServer();
    const transport = createSmtpTransport({
      url: `smtp://127.0.0.1:${port}`,
      from: 'portal@example.test',
      timeoutsMs: { connection: 500, greeting: 300, socket: 500 },
    });
    const started = Date.now();
    await expect(
      transport.send({ to: 'a@example.test', subject: 'Hi', text: 'Hello' }),
    ).rejects.toThrow(/greeting|timeout/i);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
