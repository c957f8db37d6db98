import { badRequest } from '@proofmark/shared/errors';
import { settingsMessages as m } from '@proofmark/shared/settings/messages';
import type { SecretField } from '@proofmark/shared/settings/rules';
import { GMAIL_SMTP, type SmtpConfig } from '../../adapters/smtp-config';
import type { OrgSettings } from './org-settings';

/** Reads one of the organisation's saved secrets (undefined when it has none). */
export type SecretReader = (field: SecretField) => Promise<string | undefined>;

/** The SMTP settings as saved, or the message saying what is missing. */
export const smtpConfigFor = async (s: OrgSettings, stored: SecretReader): Promise<SmtpConfig> => {
  if (s.isoffice365 === 1) {
    const accessToken = await stored('office365accesstoken');
    if (!accessToken) throw badRequest(m.office365NoToken);
    const user = s.office365from || '';
    if (!user) throw badRequest(m.office365Required);
    return { kind: 'office365', user, accessToken };
  }
  if (s.smtptype === undefined) throw badRequest(m.mailNotConfigured);
  if (s.smtptype === 1) {
    const [clientSecret, refreshToken] = await Promise.all([
      stored('smtpclientsecret'),
      stored('smtprefreshtoken'),
    ]);
    if (!s.smtpusername || !s.smtpclientid || !clientSecret || !refreshToken)
      throw badRequest(m.oauthIncomplete);
    return {
      kind: 'oauth',
      host: s.smtphost || GMAIL_SMTP.host,
      port: s.smtpport ?? (s.smtphost ? 587 : GMAIL_SMTP.port),
      user: s.smtpusername,
      clientId: s.smtpclientid,
      clientSecret,
      refreshToken,
      ...(s.smtptokenurl ? { accessUrl: s.smtptokenurl } : {}),
    };
  }
  const pass = await stored('smtppassword');
  if (!s.smtphost || !s.smtpport || !s.smtpusername || !pass) throw badRequest(m.smtpIncomplete);
  return { kind: 'password', host: s.smtphost, port: s.smtpport, user: s.smtpusername, pass };
};
