import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

/**
 * Sending through an organisation's own mail server (spec §3 mail settings): user name and
 * password, OAuth 2 with a refresh token (Gmail by default, through nodemailer's XOAuth2), or
 * Office 365 with an access token fetched beforehand. The product's own mail goes through SES
 * (./mail.ts); this is only for mail sent in the organisation's name.
 */
export type SmtpConfig =
  | { kind: 'password'; host: string; port: number; user: string; pass: string }
  | {
      kind: 'oauth';
      host: string;
      port: number;
      user: string;
      clientId: string;
      clientSecret: string;
      refreshToken: string;
      accessUrl?: string;
    }
  | { kind: 'office365'; user: string; accessToken: string };

export interface SmtpMail {
  from: string;
  to: string;
  cc?: string;
  subject: string;
  text: string;
  html: string;
}

export const GMAIL_SMTP = { host: 'smtp.gmail.com', port: 465 } as const;
export const OFFICE365_SMTP = { host: 'smtp.office365.com', port: 587 } as const;
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
  const transport = nodemailer.createTransport(transportOptions(config));
  try {
    await transport.sendMail({ ...mail, ...(mail.cc ? {} : { cc: undefined }) });
  } finally {
    transport.close();
  }
};
