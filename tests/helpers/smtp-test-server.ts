import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export type SmtpTestServer = {
  /** For SMTP_URL. */
  url: string;
  mails: ParsedMail[];
  /** The next mail to `to` beyond the `after` already received ones. */
  waitForMail: (to: string, options?: { after?: number; timeoutMs?: number }) => Promise<ParsedMail>;
  mailsTo: (to: string) => ParsedMail[];
  close: () => Promise<void>;
};

const recipients = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((address) => address.value.map((v) => v.address?.toLowerCase()));

/** A real SMTP server on a free local port that keeps every message it accepts, parsed. */
export async function startSmtpServer(): Promise<SmtpTestServer> {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on localhost: no certificate to trust.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onData: (stream, _session, callback) => {
      simpleParser(stream).then(
        (mail) => {
          mails.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const mailsTo = (to: string) => mails.filter((mail) => recipients(mail).includes(to.toLowerCase()));
  return {
    url: `smtp://newsletter:secret@127.0.0.1:${port}`,
    mails,
    mailsTo,
    waitForMail: async (to, options = {}) => {
      const deadline = Date.now() + (options.timeoutMs ?? 5000);
      for (;;) {
        const found = mailsTo(to)[options.after ?? 0];
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
