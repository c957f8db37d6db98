import { randomUUID } from 'node:crypto';
import { badRequest } from '@proofmark/shared/errors';
import type { DemoHandle, DemoProgress } from '@proofmark/shared/contract/demo';
import { demoMessages as m } from '@proofmark/shared/demo/messages';
import { sendMail } from '../../adapters/mail';
import { demos } from '../../store/demos';
import { oneTimeCodes } from '../../store/one-time-codes';
import { findBatch } from '../batches/batches';
import { publicKeys, publicUrl, verifierPageUrl } from '../public-urls';
import { senderOf, type Sender } from '../mail/sender';
import { getRecipient, updateRecipientItem, upsertStudent } from '../recipients/recipient-store';
import { issueOneTimeCode } from '../public/wallet-introduction';
import { DEMO_ORG_ID, DEMO_SLUG, demoIssuer } from './issuer';
import { limitDemoClient, limitDemoMail } from './limits';
import { demoCertificateHtml } from './certificate';
import { renderDemoCertificateMail, renderDemoInvitation } from './mails';
import { CERTTYPE, findDemo, type Demo } from './records';

/**
 * The live demo (certificate-operations §2.7, §7), step by step, for a visitor without an account:
 * 1 they become a recipient of the demo issuer (a one-time code bound to their row), 2 they are
 * mailed the wallet introduction, 3 their Blockcerts Wallet posts its address to the demo issuer's
 * introduction URL (domain/public/wallet-introduction.ts, as for any organisation), 4 the
 * certificate is issued for real (one batch, anchored and published by the anchor job), 5 it is
 * mailed to them. The demo, its recipient row and its code expire a day after it began.
 */
const DEMO_TTL_SECONDS = 24 * 60 * 60;
const certificateLinks = (certUuid: string) => ({
  json: publicUrl(publicKeys.credential(DEMO_SLUG, certUuid)),
  verifier: verifierPageUrl(DEMO_SLUG, certUuid),
});

export const isPublished = async (demo: Demo) =>
  demo.batchId !== undefined && (await findBatch(DEMO_ORG_ID, demo.batchId))?.state === 'published';

/** Everything the wizard shows, as the demo stands now. */
const progressOf = async (demo: Demo, sender?: Sender): Promise<DemoProgress> => {
  const from = sender ?? (await senderOf(DEMO_ORG_ID));
  const [row, invitation, published] = await Promise.all([
    getRecipient(DEMO_ORG_ID, demo.cohortid, CERTTYPE, demo.studentid),
    renderDemoInvitation(from, demo, 'preview'),
    isPublished(demo),
  ]);
  const links = certificateLinks(demo.certUuid);
  const certificateMail = published ? await renderDemoCertificateMail(from, demo, links, 'preview') : null;
  return {
    firstname: demo.firstname,
    lastname: demo.lastname,
    invitation: { subject: invitation.subject, html: invitation.html },
    invitationSent: demo.invitationSentAt !== undefined,
    publickey: row?.publicKey ?? null,
    certificateHtml: demoCertificateHtml(from.name, demo, new Date(demo.createdAt)),
    issuing: demo.batchId !== undefined && !published,
    signedcerturl: published ? links.json : null,
    verifyurl: published ? links.verifier : null,
    certificateMail: certificateMail && { subject: certificateMail.subject, html: certificateMail.html },
    certificateMailSent: demo.certificateMailSentAt !== undefined,
  };
};

/** Step 1: the visitor becomes a recipient of the demo issuer; answers the one-time code. */
export const startDemo = async (
  input: { firstname: string; lastname: string; emailaddress: string },
  client: string,
): Promise<DemoProgress & { onetimecode: string }> => {
  await limitDemoClient('clientStart', client);
  await demoIssuer();
  const now = new Date();
  const expiresAt = Math.floor(now.getTime() / 1000) + DEMO_TTL_SECONDS;
  // One cohort per day keeps each partition small; the rows expire on their own.
  const cohortid = `demo-${now.toISOString().slice(0, 10)}`;
  const studentid = randomUUID();
  await upsertStudent(DEMO_ORG_ID, cohortid, CERTTYPE, {
    row: 2,
    studentid,
    firstname: input.firstname,
    middlename: '',
    lastname: input.lastname,
    email: input.emailaddress,
    secondemail: '',
    extra: {},
  });
  const row = await getRecipient(DEMO_ORG_ID, cohortid, CERTTYPE, studentid);
  if (!row) throw new Error('The demo recipient row was not written');
  const code = await issueOneTimeCode(DEMO_ORG_ID, { pk: row.pk, sk: row.sk });
  await Promise.all([
    updateRecipientItem(row, { oneTimeCode: code, expiresAt }),
    oneTimeCodes().patch({ code }).set({ expiresAt }).go({ response: 'none' }),
  ]);
  const demo: Demo = {
    code,
    email: input.emailaddress,
    firstname: input.firstname,
    lastname: input.lastname,
    cohortid,
    studentid,
    certUuid: randomUUID(),
    createdAt: now.toISOString(),
    expiresAt,
  };
  await demos().create(demo).go({ response: 'none' });
  return { ...(await progressOf(demo)), onetimecode: code };
};

/** Where the demo stands (the wizard asks again while it waits for the wallet or the chain). */
export const demoProgress = async (handle: DemoHandle, client: string): Promise<DemoProgress> => {
  await limitDemoClient('clientCalls', client);
  return progressOf(await findDemo(handle));
};

/** Step 2: mails the wallet introduction (the one-time code and the introduction link). */
export const sendDemoInvitation = async (handle: DemoHandle, client: string): Promise<DemoProgress> => {
  await limitDemoClient('clientCalls', client);
  const demo = await findDemo(handle);
  await limitDemoMail(demo.email);
  const sender = await senderOf(DEMO_ORG_ID);
  const mail = await renderDemoInvitation(sender, demo, 'mail');
  await sendMail({ to: [demo.email], ...mail });
  const sent = { ...demo, invitationSentAt: new Date().toISOString() };
  await demos()
    .patch({ code: demo.code })
    .set({ invitationSentAt: sent.invitationSentAt })
    .go({ response: 'none' });
  return progressOf(sent, sender);
};

/** Step 5: mails the issued certificate (link for a phone, QR code for a computer). */
export const sendDemoCertificateMail = async (handle: DemoHandle, client: string): Promise<DemoProgress> => {
  await limitDemoClient('clientCalls', client);
  const demo = await findDemo(handle);
  if (!(await isPublished(demo))) throw badRequest(m.issueFirst);
  await limitDemoMail(demo.email);
  const sender = await senderOf(DEMO_ORG_ID);
  const mail = await renderDemoCertificateMail(sender, demo, certificateLinks(demo.certUuid), 'mail');
  await sendMail({ to: [demo.email], ...mail });
  const sent = { ...demo, certificateMailSentAt: new Date().toISOString() };
  await demos()
    .patch({ code: demo.code })
    .set({ certificateMailSentAt: sent.certificateMailSentAt })
    .go({ response: 'none' });
  return progressOf(sent, sender);
};
