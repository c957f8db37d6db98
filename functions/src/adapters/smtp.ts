import Mailer from 'nodemailer/lib/mailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport';
import { OFFICE365_SMTP, type SmtpConfig } from './smtp-config';

export { GMAIL_SMTP, OFFICE365_SMTP, type SmtpConfig } from './smtp-config';

/**
 * Sending through an organisation's own mail server (spec §3 mail settings): user name and
 * password, OAuth 2 with a refresh token (Gmail by default, through nodemailer's XOAuth2), or
 * Office 365 with an access token fetched beforehand. The product's own mail goes through SES
 * (./mail.ts); this is only for mail sent in the organisation's name.
 */
export interface SmtpMail {
  from: string;
  to: string;
  cc?: string;
  subject: string;
  text: string;
  html: string;
  /** Images the HTML shows as `cid:<contentId>`. */
  inline?: { filename: string; contentType: string; contentId: string; content: Uint8Array }[];
}

const TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
  dnsTimeout: 10_000,
};

/** Port 465 speaks TLS from the first byte; any other port upgrades with STARTTLS when offered. */
export const transportOptions = (c: SmtpConfig): SMTPTransport.Options => {
  switch (c.kind) {
    case 'password':
      return {
        host: c.host,
        port: c.port,
        secure: c.port === 465,
        auth: { user: c.user, pass: c.pass },
        ...TIMEOUTS,
      };
    case 'oauth':
      return {
        host: c.host,
        port: c.port,
        secure: c.port === 465,
        auth: {
          type: 'OAuth2',
          user: c.user,
          clientId: c.clientId,
          clientSecret: c.clientSecret,
          refreshToken: c.refreshToken,
          ...(c.accessUrl ? { accessUrl: c.accessUrl } : {}),
        },
        ...TIMEOUTS,
      };
    case 'office365':
      return {
        ...OFFICE365_SMTP,
        secure: false,
        requireTLS: true,
        auth: { type: 'OAuth2', user: c.user, accessToken: c.accessToken },
        ...TIMEOUTS,
      };
  }
};

export const sendSmtpMail = async (config: SmtpConfig, mail: SmtpMail): Promise<void> => {
  // What nodemailer.createTransport builds for SMTP options, without its pool, sendmail, SES and
  // test-account code (~20 kB of the mail-test function).
  const options = transportOptions(config);
  const transport = new Mailer(new SMTPTransport(options), options);
  try {
    const { inline, ...rest } = mail;
    await transport.sendMail({
      ...rest,
      ...(mail.cc ? {} : { cc: undefined }),
      attachments: inline?.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        cid: a.contentId,
        content: Buffer.from(a.content),
        contentDisposition: 'inline' as const,
      })),
    });
  } finally {
    transport.close();
  }
};
