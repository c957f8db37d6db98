import { SESv2Client } from '@aws-sdk/client-sesv2';
import { requestHandler } from './aws-request';

let ses: SESv2Client | undefined;

export const sesClient = () => (ses ??= new SESv2Client({ requestHandler }));
