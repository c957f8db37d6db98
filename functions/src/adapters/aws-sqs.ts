import { SQSClient } from '@aws-sdk/client-sqs';
import { requestHandler } from './aws-request';

let sqs: SQSClient | undefined;

export const sqsClient = () => (sqs ??= new SQSClient({ requestHandler }));
