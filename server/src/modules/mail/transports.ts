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

/** SMTP through nodemailer (SMTP_URL, e.g. smtps://user:password@mail.example:465). */
export function createSmtpTransport(options: { url: string; from: string }): MailTransport {
  const transporter = nodemailer.createTransport(options.url);
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
