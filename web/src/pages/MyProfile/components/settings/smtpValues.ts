import type { ProfileData } from '@proofmark/shared/contract/profile';

/** The form of the `smtp` block, shared by its two kinds (password and OAuth). */
export interface SmtpValues {
  host: string;
  port: string;
  username: string;
  password: string;
  clientid: string;
  clientsecret: string;
  refreshtoken: string;
  tokenurl: string;
  from: string;
  cc: string;
}

export const smtpSecrets = ['password', 'clientsecret', 'refreshtoken'] as const;

/**
 * Every field of the saved SMTP settings, secrets empty ("keep the stored one"): each kind shows
 * only its own fields but saves them all, so switching kinds loses nothing that was typed before.
 */
export const smtpValuesOf = (p: ProfileData): SmtpValues => ({
  host: p.smtphost,
  port: p.smtpport === null ? '' : String(p.smtpport),
  username: p.smtpusername,
  password: '',
  clientid: p.smtpclientid,
  clientsecret: '',
  refreshtoken: '',
  tokenurl: p.smtptokenurl,
  from: p.smtpfrom,
  cc: p.smtpcc,
});
