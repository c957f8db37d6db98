import { Logger } from '@aws-lambda-powertools/logger';

/**
 * The one structured logger (Powertools): JSON lines with the Lambda context, and per call the keys
 * the middlewares append (request id, route, organisation and user; job and message id).
 * POWERTOOLS_LOG_LEVEL sets the level.
 */
export const logger = new Logger({ serviceName: 'proofmark' });
