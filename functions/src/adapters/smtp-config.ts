/*
 * How the organisation's own mail server is reached: the settings' shape and the well-known servers.
 * A leaf module, so code that only reads or checks settings carries no SMTP client (nodemailer).
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

export const GMAIL_SMTP = { host: 'smtp.gmail.com', port: 465 } as const;
export const OFFICE365_SMTP = { host: 'smtp.office365.com', port: 587 } as const;
