import { recordMailEvent } from '../domain/dashboard/tracking';
import { sqsJob } from './sqs-job';

/** SES's mail events (delivery, bounce, complaint) into the engagement counters and recipient rows. */
export const handler = sqsJob(
  'mailevents',
  (event) => recordMailEvent(event),
  // No record a user follows: a parked event is only counted late, once redriven.
  async () => undefined,
);
