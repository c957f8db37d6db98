import { recordMailEvent, recordMailEvents } from '../domain/dashboard/tracking';
import { sqsJob } from './sqs-job';

/** SES's mail events (delivery, bounce, complaint) into the engagement counters and recipient rows. */
export const handler = sqsJob(
  'mailevents',
  (event) => recordMailEvent(event),
  // No record a user follows: a parked event is only counted late, once redriven.
  async () => undefined,
  // A batch's events are read and counted together (one batch get, a transaction per cohort).
  (events) => recordMailEvents(events),
);
