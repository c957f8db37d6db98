import http from 'node:http';
import { randomUUID } from 'node:crypto';

/**
 * The local stand-in for SES event publishing. In AWS a configuration set publishes each mail's
 * events of the types it names (the stack's: Delivery, Bounce, Complaint) to SNS, which delivers
 * them raw to the `mailevents` queue. On one machine this proxy sits in front of the local SES
 * server: for every SendEmail that names a configuration set it emits the same event JSON,
 * honouring SES's mailbox simulator as SES does — bounce@simulator.amazonses.com bounces (permanent), complaint@ is delivered then
 * complained about, suppressionlist@ bounces as suppressed, success@ and any other address are
 * delivered (labels such as bounce+x@ work too).
 */
export type MailEvent = Record<string, unknown> & { eventType: string };

const SIMULATOR = 'simulator.amazonses.com';
const simulated = (address: string) => {
  const [local, domain] = address.toLowerCase().split('@');
  return domain === SIMULATOR ? local!.split('+')[0] : undefined;
};

interface SendEmailBody {
  FromEmailAddress?: string;
  ConfigurationSetName?: string;
  Destination?: { ToAddresses?: string[]; CcAddresses?: string[]; BccAddresses?: string[] };
  EmailTags?: { Name: string; Value: string }[];
}

/** The events SES would publish for one sent mail. */
export const eventsFor = (req: SendEmailBody, messageId: string, now = new Date()): MailEvent[] => {
  if (!req.ConfigurationSetName) return [];
  const d = req.Destination ?? {};
  const destination = [...(d.ToAddresses ?? []), ...(d.CcAddresses ?? []), ...(d.BccAddresses ?? [])];
  const tags: Record<string, string[]> = { 'ses:configuration-set': [req.ConfigurationSetName] };
  for (const t of req.EmailTags ?? []) tags[t.Name] = [t.Value];
  const timestamp = now.toISOString();
  const mail = {
    timestamp,
    source: req.FromEmailAddress ?? '',
    sendingAccountId: '000000000000',
    messageId,
    destination,
    headersTruncated: false,
    tags,
  };
  // Only the event types the stack's configuration set publishes (infra/constructs/mail.ts):
  // delivery, bounce and complaint. A Send event per mail would only be read and dropped.
  const events: MailEvent[] = [];
  const bounced = destination.filter((a) => ['bounce', 'suppressionlist'].includes(simulated(a) ?? ''));
  const delivered = destination.filter((a) => !bounced.includes(a));
  if (bounced.length)
    events.push({
      eventType: 'Bounce',
      mail,
      bounce: {
        bounceType: 'Permanent',
        bounceSubType: simulated(bounced[0]!) === 'suppressionlist' ? 'OnAccountSuppressionList' : 'General',
        bouncedRecipients: bounced.map((emailAddress) => ({
          emailAddress,
          action: 'failed',
          status: '5.1.1',
          diagnosticCode: 'smtp; 550 5.1.1 user unknown',
        })),
        timestamp,
        feedbackId: randomUUID(),
        reportingMTA: 'dns; local.amazonses.com',
      },
    });
  if (delivered.length)
    events.push({
      eventType: 'Delivery',
      mail,
      delivery: {
        timestamp,
        processingTimeMillis: 1,
        recipients: delivered,
        smtpResponse: '250 2.6.0 Message received',
        reportingMTA: 'local.amazonses.com',
      },
    });
  const complained = delivered.filter((a) => simulated(a) === 'complaint');
  if (complained.length)
    events.push({
      eventType: 'Complaint',
      mail,
      complaint: {
        complainedRecipients: complained.map((emailAddress) => ({ emailAddress })),
        timestamp,
        feedbackId: randomUUID(),
        complaintFeedbackType: 'abuse',
      },
    });
  return events;
};

const readAll = (stream: http.IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });

/**
 * Listens on `port` and passes every request to the SES server at `upstream`; each mail sent
 * (SES v2 SendEmail) also goes to `publish` as its events, once `publish` is set.
 */
export const startSesEventProxy = async (port: number, host: string, upstream: string) => {
  let publish: ((event: MailEvent) => Promise<void>) | undefined;
  const server = http.createServer((req, res) => {
    void (async () => {
      try {
        const body = await readAll(req);
        const answer = await fetch(upstream + (req.url ?? '/'), {
          method: req.method,
          headers: Object.fromEntries(
            Object.entries(req.headers).filter(
              ([k, v]) => typeof v === 'string' && !['host', 'content-length', 'connection'].includes(k),
            ),
          ) as Record<string, string>,
          body: ['GET', 'HEAD'].includes(req.method ?? 'GET') ? undefined : new Uint8Array(body),
        });
        const out = Buffer.from(await answer.arrayBuffer());
        const headers = Object.fromEntries(
          Array.from(
            (answer.headers as unknown as { entries(): Iterable<[string, string]> }).entries(),
          ).filter(
            ([k]) => !['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(k),
          ),
        );
        res.writeHead(answer.status, headers).end(out);
        if (
          req.method === 'POST' &&
          req.url?.startsWith('/v2/email/outbound-emails') &&
          answer.ok &&
          publish
        ) {
          const messageId =
            (JSON.parse(out.toString('utf8')) as { MessageId?: string }).MessageId ?? randomUUID();
          for (const event of eventsFor(JSON.parse(body.toString('utf8')) as SendEmailBody, messageId))
            await publish(event).catch((err) => console.error('local SES events:', err));
        }
      } catch (err) {
        if (!res.headersSent) res.writeHead(502).end(String(err));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return {
    server,
    port: (server.address() as { port: number }).port,
    setPublisher: (p: (event: MailEvent) => Promise<void>) => void (publish = p),
  };
};
