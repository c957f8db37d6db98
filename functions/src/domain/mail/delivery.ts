import { compile } from 'html-to-text';
import { sendMail } from '../../adapters/mail';
import { sendSmtpMail } from '../../adapters/smtp';
import { describeMailFailure, mailRouteOf, type MailRoute } from '../settings/mail-route';
import type { ComposedMail } from './compose';

/**
 * Delivers a composed mail the way the organisation's mail leaves now (settings/mail-route.ts):
 * through its own server with its From and CC, or through Proofmark's sender (SES; the local SES
 * server on one machine). A failing organisation server fails the mail with the server's reason;
 * it is never sent from our address instead. Jobs only: it carries nodemailer and html-to-text.
 */

export type { MailRoute };
export { mailRouteOf };

/** How a run names a route: "your mail server (host:port)" or "Proofmark's sender". */
export const routeLabel = (route: MailRoute) =>
  route.route === 'organisation' ? `the organisation's mail server (${route.server})` : "Proofmark's sender";

/**
 * The plain-text part, made from the composed HTML (images left out, links written out). The
 * converter is compiled once: `convert` compiles its options on every call, which cost more than
 * converting a mail.
 */
export const textOf: (html: string) => string = compile({
  wordwrap: 100,
  selectors: [{ selector: 'img', format: 'skip' }],
});

export class MailDeliveryError extends Error {}

export const deliverMail = async (
  route: MailRoute,
  to: string,
  mail: ComposedMail,
  cc: string[] = [],
  /** SES message tags (the engagement token): they come back in the product sender's mail events. */
  tags?: Record<string, string>,
): Promise<void> => {
  const text = textOf(mail.html);
  if (route.route === 'product') {
    await sendMail({
      to: [to],
      cc: cc.length ? cc : undefined,
      subject: mail.subject,
      html: mail.html,
      text,
      inline: mail.inline,
      tags,
    });
    return;
  }
  const copies = [...(route.cc ? [route.cc] : []), ...cc];
  try {
    await sendSmtpMail(route.config, {
      from: route.from,
      to,
      ...(copies.length ? { cc: copies.join(', ') } : {}),
      subject: mail.subject,
      html: mail.html,
      text,
      inline: mail.inline,
    });
  } catch (err) {
    throw new MailDeliveryError(describeMailFailure(route, err));
  }
};
