import type { DemoHandle } from '@proofmark/shared/contract/demo';
import { notFound } from '@proofmark/shared/errors';
import { demoMessages as m } from '@proofmark/shared/demo/messages';
import { demos } from '../../store/demos';

/** A visitor's demo as stored (store/demos.ts), found by its one-time code and the visitor's email. */
export const CERTTYPE = 'degree';

export interface Demo {
  code: string;
  email: string;
  firstname: string;
  lastname: string;
  cohortid: string;
  studentid: string;
  certUuid: string;
  createdAt: string;
  invitationSentAt?: string;
  batchId?: string;
  certificateMailSentAt?: string;
  expiresAt: number;
}

const unknownDemo = () => notFound(m.unknownDemo);

export const findDemo = async ({ onetimecode, emailaddress }: DemoHandle): Promise<Demo> => {
  const { data } = await demos().get({ code: onetimecode }).go({ consistent: true });
  // The email must match too: a code alone names no one's demo.
  if (!data || data.email !== emailaddress || data.expiresAt * 1000 < Date.now()) throw unknownDemo();
  return data;
};
