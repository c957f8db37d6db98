import { notFound } from '@proofmark/shared/errors';
import { logger } from '../../adapters/logger';
import { sendMail } from '../../adapters/mail';
import { escapeHtml } from '../../render/escape-html';
import { organisations } from '../../store/organisations';
import type { UserRecord } from '../accounts/users';
import { balanceOf } from './balance';

/**
 * TOP UP (§2.5, §8): a request to the product team naming the organisation, who asks, the balance
 * and the amount. False when the mail could not be sent (the caller shows the failure variant).
 */
export const requestTopUp = async (
  orgId: string,
  user: Pick<UserRecord, 'email' | 'fname' | 'lname'>,
  { amount, note = '' }: { amount: number; note?: string },
  /** Where top-up requests go: the deployment's product team (PRODUCT_TEAM_EMAIL). */
  productTeamEmail: string,
): Promise<boolean> => {
  const { data: org } = await organisations().get({ orgId }).go({ consistent: true });
  if (!org) throw notFound('No such organisation.');
  const lines = [
    `Organisation: ${org.name} (${orgId})`,
    `Requested by: ${[user.fname, user.lname].filter(Boolean).join(' ')} <${user.email}>`,
    `Current balance: ${balanceOf(org)} certificates`,
    `Requested top-up: ${amount} certificates`,
    ...(note ? [`Note: ${note}`] : []),
  ];
  try {
    await sendMail({
      to: [productTeamEmail],
      subject: `Top-up request: ${org.name} asks for ${amount} certificates`,
      html: `<p>${lines.map(escapeHtml).join('<br/>')}</p>`,
      text: lines.join('\n'),
    });
    return true;
  } catch (err) {
    logger.error('top-up request mail failed', { orgId, error: err as Error });
    return false;
  }
};
