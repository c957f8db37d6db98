import type { DemoProgress } from '@proofmark/shared/contract/demo';
import { demoMessages as m } from '@proofmark/shared/demo/messages';

/** The wizard's six steps (certificate-operations §2.7), numbered from 1 as the spec numbers them. */
export const demoStepTitles = [
  'Your details',
  'Introduction email',
  'Your public key',
  'Issue the certificate',
  'Send the certificate',
  'All done',
] as const;
export type DemoStep = 1 | 2 | 3 | 4 | 5 | 6;

/** Why Next may not leave `step` yet (§5), or undefined when it may. */
export function nextRefusal(step: DemoStep, progress: DemoProgress | undefined): string | undefined {
  if (step === 3 && !progress?.publickey) return m.waitForPublicKey;
  if (step === 4 && !progress?.signedcerturl) return m.issueFirst;
  if (step === 5 && !progress?.certificateMailSent) return m.sendMailFirst;
  return undefined;
}

export interface DetailsValues {
  firstName: string;
  lastName: string;
  emailAddress: string;
}

/** Step 1's empty fields: each gets a red border (§2.7). */
export const emptyDetails = (values: DetailsValues): (keyof DetailsValues)[] =>
  (Object.keys(values) as (keyof DetailsValues)[]).filter((k) => values[k].trim() === '');
