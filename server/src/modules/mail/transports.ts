import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Where e-mail goes. Delivery is at least once: a transport may see a message again after a crash. */
export interface MailTransport {
  /** Stored with each sent message ('smtp', 'mailbox'). */
  readonly name: string;
  send(message: MailMessage): Promise<void>;
}

/**
 * The demo mode's built-in transport: nothing leaves the machine. A message counts as delivered
 * once the job hands it over, and the local mailbox page (/demo/mailbox) shows delivered messages.
 */
export function createMailboxTransport(): MailTransport {
  return { name: 'mailbox', send: async () => undefined };
}

/**
 * SMTP through nodemailer (SMTP_URL, e.g. smtps://user:password@mail.example:465). The timeouts
 * stay well under the delivery job's 60 s lease (nodemailer's own defaults run to minutes), so a stalled
 * server fails the attempt and it is retried, rather than a second instance sending it as well.
 */
export function createSmtpTransport(options: {
  url: string;
  from: string;
  /** Tests shorten these; the defaults suit a real mail server. */
  timeoutsMs?: { connection: number; greeting: number; socket: number };
}): MailTransport {
  const timeouts = options.timeoutsMs ?? { connection: 15_000, greeting: 10_000, socket: 20_000 };
  const transporter = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: timeouts.connection,
    greetingTimeout: timeouts.greeting,
    socketTimeout: timeouts.socket,
  });
  return {
    name: 'smtp',
    async send(message) {
      await transporter.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
  };
}
