import { randomUUID } from 'node:crypto';
import type * as z from 'zod';
import type { demoRequest } from '@proofmark/shared/contract/demo';
import { logger } from '../../adapters/logger';
import { sendMail } from '../../adapters/mail';
import { escapeHtml } from '../../render/escape-html';
import { demoRequests } from '../../store/demo-requests';
import { limitDemoClient, limitDemoMail } from './limits';

type DemoRequest = z.output<typeof demoRequest>;

const lines = (r: DemoRequest) => [
  `Name: ${r.firstName} ${r.lastName}`,
  `Email: ${r.emailAddress}`,
  `Phone: ${r.phoneNumber}`,
  `Organization: ${r.organizationName}`,
  `Role: ${r.role}`,
  `Which best describes the organization: ${r.describe || '-'}`,
  `How they found us: ${r.findUs || '-'}`,
  `Questions: ${r.questions || '-'}`,
];

const asHtml = (text: readonly string[]) => `<p>${text.map(escapeHtml).join('<br/>')}</p>`;

/**
 * A request for a guided demo (/RegisterDemo, account-and-billing §2): stored first (so nothing is
 * lost if a mail fails), then mailed to the product team and acknowledged to the visitor. False
 * when the team's mail could not be sent (the request is stored all the same): the visitor is told.
 */
export const submitDemoRequest = async (
  req: DemoRequest,
  client: string,
  productTeamEmail: string,
): Promise<boolean> => {
  await limitDemoClient('clientStart', client);
  await limitDemoMail(req.emailAddress);
  const at = new Date().toISOString();
  const requestId = randomUUID();
  await demoRequests()
    .create({ ...req, month: at.slice(0, 7), at, requestId, teamMailed: 0 })
    .go({ response: 'none' });
  try {
    await sendMail({
      to: [productTeamEmail],
      subject: `Demo request: ${req.organizationName} (${req.firstName} ${req.lastName})`,
      html: asHtml(lines(req)),
      text: lines(req).join('\n'),
    });
    await demoRequests()
      .patch({ month: at.slice(0, 7), at, requestId })
      .set({ teamMailed: 1 })
      .go({ response: 'none' });
  } catch (err) {
    // Stored: the team still finds it in the table, but the visitor should not think it went through unseen.
    logger.error('demo request mail to the product team failed', { requestId, error: err as Error });
    return false;
  }
  const thanks = [
    `Dear ${req.firstName} ${req.lastName},`,
    'Thank you for your interest in Proofmark. We have received your demo request and will contact you shortly to schedule it.',
    'What you sent us:',
    ...lines(req),
  ];
  await sendMail({
    to: [req.emailAddress],
    subject: 'We received your Proofmark demo request',
    html: asHtml(thanks),
    text: thanks.join('\n'),
  }).catch((err: unknown) =>
    logger.warn('demo request acknowledgement failed', { requestId, error: err as Error }),
  );
  return true;
};
