import { badRequest } from '@proofmark/shared/errors';
import type { SecretStatusData, TestMailRequest } from '@proofmark/shared/contract/profile';
import { settingsMessages as m } from '@proofmark/shared/settings/messages';
import { sendSmtpMail } from '../../../adapters/smtp';
import { smtpConfigFor } from '../smtp-settings';
import {
  fetchClientCredentialsToken,
  office365TokenUrl,
  OFFICE365_SMTP_SCOPE,
} from '../../../adapters/oauth-token';
import { describeConnectionError } from './errors';
import { assertPublicUrl, PrivateTargetError } from '../../../adapters/outbound-targets';
import { assertAllowedTarget, secretsOf, withDeadline } from './tests';
import { getOrgSettings, secretName, setOrgSettings } from '../org-settings';
import { putSecret, readSecret, secretStatus } from '../secrets';
import type { UserRecord } from '../../accounts/users';
import { logger } from '../../../adapters/logger';

export { smtpConfigFor } from '../smtp-settings';

/** Send test email through the organisation's saved mail settings; returns the address it went to. */
export const testMail = async (orgId: string, user: UserRecord, req: TestMailRequest): Promise<string> => {
  const s = await getOrgSettings(orgId);
  const config = await smtpConfigFor(s, (f) => readSecret(orgId, secretName(f)));
  await assertAllowedTarget(config, m.mailTestFailed);
  const to = req.to || user.email;
  const from = (config.kind === 'office365' ? s.office365from : s.smtpfrom) || config.user;
  try {
    await withDeadline(
      sendSmtpMail(config, {
        from,
        to,
        ...(s.smtpcc && config.kind !== 'office365' ? { cc: s.smtpcc } : {}),
        subject: m.testMailSubject,
        text: `This is a test email from Proofmark, sent through your mail settings (${config.kind === 'office365' ? 'Office 365' : config.kind === 'oauth' ? 'OAuth' : 'user name and password'}). If you can read it, they work.`,
        html: `<p>This is a test email from Proofmark, sent through your mail settings.</p><p>If you can read it, they work.</p>`,
      }),
    );
  } catch (err) {
    const reason = describeConnectionError(err, secretsOf(config));
    logger.warn('test mail failed', { orgId, kind: config.kind, reason });
    // Mail leaves through the organisation's server only while its last test went through.
    await setOrgSettings(orgId, { mailverifiedat: null });
    throw badRequest(m.mailTestFailed(reason));
  }
  await setOrgSettings(orgId, { mailverifiedat: new Date().toISOString() });
  return to;
};

/**
 * Fetches an Office 365 access token with the saved client id, secret and tenant (client-credentials
 * grant) and stores it as a secret. Refuses when the settings are not saved: the token must match
 * what is stored, not what is in the form.
 */
export const fetchOffice365Token = async (
  orgId: string,
): Promise<{ accesstoken: SecretStatusData; tokenexpiresat: string | null }> => {
  const s = await getOrgSettings(orgId);
  const clientSecret = await readSecret(orgId, secretName('office365clientsecret'));
  // The settings must be saved first (the client asks the user to confirm that; spec §4).
  if (!s.office365clientid && !s.office365tenantid && !clientSecret) throw badRequest(m.office365SaveFirst);
  if (!s.office365clientid) throw badRequest(m.office365MissingField('client id'));
  if (!clientSecret) throw badRequest(m.office365MissingField('client secret'));
  if (!s.office365tenantid) throw badRequest(m.office365MissingField('tenant id'));
  const tokenUrl = s.office365gettokenurl || office365TokenUrl(s.office365tenantid);
  await assertPublicUrl(tokenUrl).catch((err: unknown) => {
    if (err instanceof PrivateTargetError) throw badRequest(m.office365TokenFailed(m.privateTarget));
  });
  let answer;
  try {
    answer = await fetchClientCredentialsToken({
      tokenUrl,
      clientId: s.office365clientid,
      clientSecret,
      scope: OFFICE365_SMTP_SCOPE,
    });
  } catch (err) {
    throw badRequest(m.office365TokenFailed(describeConnectionError(err, [clientSecret])));
  }
  const tokenexpiresat = answer.expiresInSeconds
    ? new Date(Date.now() + answer.expiresInSeconds * 1000).toISOString()
    : null;
  await putSecret(orgId, secretName('office365accesstoken'), answer.accessToken);
  if (answer.refreshToken) await putSecret(orgId, secretName('office365refreshtoken'), answer.refreshToken);
  await setOrgSettings(orgId, { office365tokenexpiresat: tokenexpiresat });
  return { accesstoken: await secretStatus(orgId, secretName('office365accesstoken')), tokenexpiresat };
};
