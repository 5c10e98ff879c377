import nodemailer from 'nodemailer';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The signed one-click unsubscribe URL (RFC 8058), carried by every newsletter mail. */
  unsubscribeUrl?: string;
  /** Where a reply goes (a contact form's sender). */
  replyTo?: string;
};

export type Mailer = { send: (mail: Mail) => Promise<void>; close: () => void };

/** Sends through the SMTP server of `SMTP_URL`, one pooled connection set per app. */
export function createMailer(config: { smtpUrl: string; from: string }): Mailer {
  const url = new URL(config.smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    // smtps:// is TLS from the start; smtp:// upgrades with STARTTLS when the server offers it.
    secure: url.protocol === 'smtps:',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    pool: true,
    maxConnections: 2,
    // A sign-up waits for its mail: fail in seconds rather than hang the visitor.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    send: async (mail) => {
      await transport.sendMail({
        from: config.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        headers: mail.unsubscribeUrl
          ? {
              // Prepared: kept on one line (under SMTP's 998), as naive one-click parsers expect.
              'List-Unsubscribe': { prepared: true, value: `<${mail.unsubscribeUrl}>` },
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            }
          : {},
      });
    },
    close: () => transport.close(),
  };
}
