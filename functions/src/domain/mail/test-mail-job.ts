import { mailTemplateMessages as m } from '@proofmark/shared/mail-templates/rules';
import type { JobMessage } from '../../job-messages';
import { countRun, finishRunIfComplete, updateRun } from '../runs';
import { deliverMail, mailRouteOf, routeLabel } from './delivery';
import { countMailRoute } from './run-routes';
import { composeSample } from './samples';
import { templateAt } from './versions';

/** The mail-test job: one test mail (test-mail.ts queued it), settled on its run with how it went. */
export const runTestMail = async (msg: JobMessage<'mail-test'>) => {
  const { orgId, runId, kind, cohortid, to } = msg;
  await updateRun(orgId, runId, { state: 'running' });
  const template = await templateAt(orgId, kind, cohortid, msg.version);
  const mail = await composeSample(orgId, kind, cohortid, template, 'mail');
  const route = await mailRouteOf(orgId);
  await deliverMail(route, to, mail);
  await countMailRoute(orgId, runId, route);
  await countRun(orgId, runId, { done: 1 });
  await finishRunIfComplete(orgId, runId, `${m.testSent(to)} It went through ${routeLabel(route)}.`);
};

/** The last delivery failed: the run ends failed with the reason (the server's answer, for a refusal). */
export const settleTestMailFailed = async (msg: JobMessage<'mail-test'>, reason: string) => {
  await countRun(msg.orgId, msg.runId, { failed: 1, errors: [`${msg.to}: ${reason}`] });
  await finishRunIfComplete(msg.orgId, msg.runId, m.testFailed(reason));
};
