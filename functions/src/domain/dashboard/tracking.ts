import { randomBytes } from 'node:crypto';
import { appBaseUrl } from '../../adapters/site-urls';
import type { SesMailEvent } from '../../job-messages';
import { mailMarks, trackedMails } from '../../store/mail-marks';
import { put, writeEachConditional } from '../../store/transaction';
import { updateRecipientItem } from '../recipients/recipient-store';
import { counterItems, invitationStages, writeCounted, type Counts, type FunnelStage } from './counters';

/**
 * Engagement tracking of the certificate, invitation and badge mails. Each mail gets an unguessable
 * token (128 random bits) naming its organisation, cohort and row; the mail carries a pixel and its
 * links through our own public routes, so opens and clicks are counted whichever server sent it
 * (each mail once a day, and once ever for the funnel). Delivery, bounce and complaint come from
 * the mail events (SES event publishing; its local stand-in on one machine) tagged with the token.
 * Every count is one transaction with a once-only mark of the mail, so redelivered events and
 * reloaded pixels count nothing again.
 */

export type MailKind = 'certificate' | 'invitation' | 'badge';
/** The SES message tag that carries the token into the mail events. */
export const MAIL_TOKEN_TAG = 'mailToken';
/** How long a mail's tracking lasts. */
const TRACKING_DAYS = 365;
const MARK_DAYS = 400;

export interface MailTracking {
  token: string;
  pixelUrl: string;
  /** The tracked URL standing for each link given, in order. */
  linkUrls: string[];
}

const epoch = (at: Date, days: number) => Math.floor(at.getTime() / 1000) + days * 86400;
const routeBase = (token: string) => `${appBaseUrl()}/api/public/mail/${token}`;

/** Records a mail about to be sent to a recipient row, with the links it will carry. */
export const trackMail = async (
  mail: {
    orgId: string;
    cohortid: string;
    certtype: string;
    studentid: string;
    kind: MailKind;
    email: string;
    links: string[];
  },
  at = new Date(),
): Promise<MailTracking> => {
  const token = randomBytes(16).toString('base64url');
  await trackedMails()
    .create({ ...mail, token, sentAt: at.toISOString(), expiresAt: epoch(at, TRACKING_DAYS) })
    .go({ response: 'none' });
  return {
    token,
    pixelUrl: `${routeBase(token)}/open`,
    linkUrls: mail.links.map((_, i) => `${routeBase(token)}/link/${i}`),
  };
};

type MailToTrack = Parameters<typeof trackMail>[0];

/**
 * Records many mails about to be sent (a send job's chunk) in batch writes of 25 instead of a
 * write each; answers each mail's tracking, in order. A token is random, so no write can meet
 * another mail's record.
 */
export const trackMails = async (mails: MailToTrack[], at = new Date()): Promise<MailTracking[]> => {
  const records = mails.map((mail) => ({
    ...mail,
    token: randomBytes(16).toString('base64url'),
    sentAt: at.toISOString(),
    expiresAt: epoch(at, TRACKING_DAYS),
  }));
  let left = records;
  for (let attempt = 1; left.length; attempt++) {
    const { unprocessed } = await trackedMails().put(left).go();
    if (!unprocessed.length) break;
    if (attempt >= 5) throw new Error(`trackMails: ${unprocessed.length} mail record(s) not written`);
    const again = new Set(unprocessed.map((u) => u.token));
    left = left.filter((r) => again.has(r.token));
    await new Promise((r) => setTimeout(r, 50 * attempt));
  }
  return records.map(({ token, links }) => ({
    token,
    pixelUrl: `${routeBase(token)}/open`,
    linkUrls: links.map((_, i) => `${routeBase(token)}/link/${i}`),
  }));
};

type TrackedMail = NonNullable<
  Awaited<ReturnType<ReturnType<ReturnType<typeof trackedMails>['get']>['go']>>['data']
>;

const findMail = async (token: string): Promise<TrackedMail | undefined> =>
  (await trackedMails().get({ token }).go()).data ?? undefined;

/**
 * What `stage` adds for `n` mails of this one's cohort and kind: an invitation counts in its
 * cohort's invitation funnel.
 */
const countsOf = (mail: TrackedMail, stage: FunnelStage, n = 1): Counts => {
  if (mail.kind !== 'invitation') return { cohorts: { [mail.cohortid]: { [stage]: n } } };
  const inFunnel = invitationStages.find((s) => s === stage);
  return inFunnel ? { invitations: { [mail.cohortid]: { [inFunnel]: n } } } : {};
};

/** Counts `stage` in the mail's cohort once for `event` of this mail. False when counted before. */
const countForMail = (mail: TrackedMail, event: string, stage: FunnelStage, at: Date) =>
  writeCounted([
    put(
      mailMarks()
        .create({ token: mail.token, event, at: at.toISOString(), expiresAt: epoch(at, MARK_DAYS) })
        .params(),
    ),
    ...counterItems(mail.orgId, countsOf(mail, stage), at),
  ]);

const day = (at: Date) => at.toISOString().slice(0, 10);

/** An open (the pixel, or a click): once a day in `opens`, once ever in `opened`. */
export const recordOpen = async (token: string, at = new Date()) => {
  const mail = await findMail(token);
  if (!mail) return;
  if (await countForMail(mail, `open#${day(at)}`, 'opens', at))
    await countForMail(mail, 'open', 'opened', at);
};

/**
 * A click on the mail's link `n`: counted like an open (a click is an open the pixel missed), and
 * answers where the link leads; undefined for an unknown mail or link.
 */
export const recordClick = async (token: string, n: number, at = new Date()): Promise<string | undefined> => {
  const mail = await findMail(token);
  const target = mail?.links[n];
  if (!mail || !target) return undefined;
  if (await countForMail(mail, `click#${day(at)}`, 'clicks', at))
    await countForMail(mail, 'click', 'clicked', at);
  await recordOpen(token, at);
  return target;
};

/** What one mail event counts: its mark, its funnel stage, and for a bounce the row to mark. */
interface EventCount {
  mail: TrackedMail;
  event: string;
  stage: FunnelStage;
  bounce?: { reason: string };
}

const countOfEvent = (event: SesMailEvent, mail: TrackedMail): EventCount | undefined => {
  switch (event.eventType) {
    case 'Delivery':
      return { mail, event: 'delivered', stage: 'delivered' };
    case 'Complaint':
      return { mail, event: 'complained', stage: 'complained' };
    case 'Bounce': {
      // A transient bounce is retried by SES and may still be delivered.
      if (event.bounce?.bounceType !== 'Permanent') return undefined;
      const bounced = (event.bounce.bouncedRecipients ?? []).some(
        (r) => r.emailAddress.toLowerCase() === mail.email.toLowerCase(),
      );
      if (!bounced) return undefined;
      return {
        mail,
        event: 'bounced',
        stage: 'bounced',
        bounce: { reason: event.bounce.bounceSubType ?? 'Permanent' },
      };
    }
    default:
      return undefined;
  }
};

/** The tracked mails of these tokens, in one batch read (a batch of events is ten at most). */
const findMails = async (tokens: string[]): Promise<Map<string, TrackedMail>> => {
  const found = new Map<string, TrackedMail>();
  if (!tokens.length) return found;
  let left = tokens.map((token) => ({ token }));
  for (let attempt = 1; left.length; attempt++) {
    const { data, unprocessed } = await trackedMails().get(left).go();
    for (const mail of data) found.set(mail.token, mail);
    if (!unprocessed.length) break;
    if (attempt >= 5) throw new Error(`findMails: ${unprocessed.length} mail record(s) not read`);
    left = unprocessed.map(({ token }) => ({ token }));
    await new Promise((r) => setTimeout(r, 50 * attempt));
  }
  return found;
};

/**
 * Mail events (SES event publishing's JSON), a queue batch at once: delivery, a permanent bounce
 * (the row is marked bounced, so later sends skip it until its email is edited) or a complaint,
 * each counted once per mail. The batch's mails are read in one batch get, and the events of one
 * cohort and stage (a send chunk's deliveries) are counted in one transaction: every event's
 * once-only mark, each still conditional (a redelivered event drops out, the others count), with
 * the counters' sum of those written. Events of untracked mails (account mails) and other kinds
 * are ignored.
 */
export const recordMailEvents = async (events: SesMailEvent[], at = new Date()) => {
  const tokens = events.map((e) => e.mail.tags?.[MAIL_TOKEN_TAG]?.[0]);
  const mails = await findMails([...new Set(tokens.filter((t): t is string => !!t))]);
  // One count per mail and event: the same event twice in a batch would be one item written twice.
  const counts = new Map<string, EventCount>();
  for (const [i, event] of events.entries()) {
    const mail = mails.get(tokens[i] ?? '');
    const count = mail && countOfEvent(event, mail);
    if (count) counts.set(`${mail.token}#${count.event}`, count);
  }
  const groups = new Map<string, EventCount[]>();
  for (const c of counts.values()) {
    const key = JSON.stringify([c.mail.orgId, c.mail.kind === 'invitation', c.mail.cohortid, c.stage]);
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  for (const group of groups.values()) {
    const { mail, stage } = group[0]!;
    await writeEachConditional(
      group.map((c) =>
        put(
          mailMarks()
            .create({ token: c.mail.token, event: c.event, at: at.toISOString(), expiresAt: epoch(at, MARK_DAYS) })
            .params(),
        ),
      ),
      { along: (n) => counterItems(mail.orgId, countsOf(mail, stage, n), at) },
    );
  }
  for (const { mail, bounce } of counts.values()) {
    if (!bounce) continue;
    // Only while the row still has that address: an edited email is not marked by an old bounce.
    await updateRecipientItem(
      { orgId: mail.orgId, cohortid: mail.cohortid, certtype: mail.certtype, studentid: mail.studentid },
      { bouncedAt: at.toISOString(), bounceReason: bounce.reason },
      { expression: 'email = :email', values: { ':email': mail.email } },
    );
  }
};

/** One mail event: a batch of one. */
export const recordMailEvent = (event: SesMailEvent, at = new Date()) => recordMailEvents([event], at);
