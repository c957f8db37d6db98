import { formatPrice } from '@proofmark/shared/contract/billing';
import type { JobMessage } from '../../job-messages';
import { logger } from '../../adapters/logger';
import { sendMail } from '../../adapters/mail';
import { escapeHtml } from '../../render/escape-html';
import { paidVerificationRequests } from '../../store/paid-verification-requests';
import { getOrg, listUsers } from '../accounts/users';
import { getOrgSettings } from '../settings/org-settings';

/**
 * The request-mail job: tells the organisation of a paid verification request (who asks, for whom,
 * what was paid, the transaction) through the product's mail, once. The request is listed on the
 * dashboard whether or not the mail goes out; a mail that fails on every delivery is recorded on
 * the request (`mailFailure`) and its message parked.
 */
type Message = JobMessage<'request-mail'>;

/** The organisation's address for notifications: its contact email, else its main administrators'. */
const orgRecipients = async (orgId: string): Promise<string[]> => {
  const settings = await getOrgSettings(orgId);
  if (settings.contactemail) return [settings.contactemail];
  return (await listUsers(orgId)).filter((u) => u.isMainAdmin && !u.deactivated).map((u) => u.email);
};

const done = ({ orgId, requestId }: Message, set: { mailedAt: string } | { mailFailure: string }) =>
  paidVerificationRequests()
    .patch({ orgId, requestId })
    .set(set)
    .remove(['gsi2pk', 'gsi2sk', 'jobMessage'])
    .go({ response: 'none' });

export const mailPaidVerificationRequest = async (msg: Message) => {
  const { data: r } = await paidVerificationRequests().get(msg).go({ consistent: true });
  if (!r || r.status !== 'paid' || r.mailedAt) return;
  const to = await orgRecipients(r.orgId);
  if (!to.length) {
    logger.warn('paid verification request: the organisation has no address to mail');
    return done(msg, { mailFailure: 'The organisation has no address to mail.' });
  }
  const orgName = (await getOrg(r.orgId))?.name ?? 'Your organisation';
  const lines: [string, string][] = [
    ['Candidate', r.fullname],
    ['Enrolment number', r.enrollnumber],
    ['Competency', r.competencyname],
    ['Requested by', `${r.payer_name}, ${r.designation}, ${r.organization}`],
    ['Email', r.email],
    ['Contact number', r.contactnumber],
    ['Paid', formatPrice(r.amountCents, r.currency)],
    ['Transaction', r.paymentId],
    ['Requested at', r.requestedAt],
  ];
  await sendMail({
    to,
    subject: `Paid verification request for ${r.fullname}`,
    text: [`${orgName} received a paid verification request:`, '', ...lines.map(([k, v]) => `${k}: ${v}`)].join('\n'),
    html:
      `<p>${escapeHtml(orgName)} received a paid verification request:</p><table>` +
      lines.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('') +
      '</table><p>It is listed with your verification requests on the dashboard.</p>',
  });
  await done(msg, { mailedAt: new Date().toISOString() });
};

/** The last delivery failed: the request says why it was not mailed (it stays paid and listed). */
export const settleVerificationRequestMailFailed = (msg: Message, reason: string) => done(msg, { mailFailure: reason });
