import {
  mailPaidVerificationRequest,
  settleVerificationRequestMailFailed,
} from '../domain/billing/verification-request-mail';
import { sqsJob } from './sqs-job';

/** Mails the organisation a paid verification request; on the last failing delivery the request records why. */
export const handler = sqsJob('request-mail', (msg) => mailPaidVerificationRequest(msg), settleVerificationRequestMailFailed);
