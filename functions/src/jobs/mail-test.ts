import { runTestMail, settleTestMailFailed } from '../domain/mail/test-mail-job';
import { sqsJob } from './sqs-job';

/** A test mail of a template; on the last delivery a failing one settles its run with the reason. */
export const handler = sqsJob(
  'mail-test',
  (msg) => runTestMail(msg),
  (msg, reason) => settleTestMailFailed(msg, reason),
);
