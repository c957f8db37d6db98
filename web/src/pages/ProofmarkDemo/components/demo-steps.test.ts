import { describe, expect, it } from 'vitest';
import type { DemoProgress } from '@proofmark/shared/contract/demo';
import { demoMessages as m } from '@proofmark/shared/demo/messages';
import { emptyDetails, nextRefusal } from './demo-steps';

const progress = (over: Partial<DemoProgress>): DemoProgress => ({
  firstname: 'Ada',
  lastname: 'Lovelace',
  invitation: { subject: '', html: '' },
  invitationSent: false,
  publickey: null,
  certificateHtml: '',
  issuing: false,
  signedcerturl: null,
  verifyurl: null,
  certificateMail: null,
  certificateMailSent: false,
  ...over,
});

describe('the wizard’s Next (§5)', () => {
  it('needs the public key on step 3, the signed certificate on step 4, the sent mail on step 5', () => {
    expect(nextRefusal(3, progress({}))).toBe(m.waitForPublicKey);
    expect(nextRefusal(3, progress({ publickey: '0xabc' }))).toBeUndefined();
    expect(nextRefusal(4, progress({ publickey: '0xabc', issuing: true }))).toBe(m.issueFirst);
    expect(nextRefusal(4, progress({ signedcerturl: 'https://x/c.json' }))).toBeUndefined();
    expect(nextRefusal(5, progress({ signedcerturl: 'https://x/c.json' }))).toBe(m.sendMailFirst);
    expect(nextRefusal(5, progress({ certificateMailSent: true }))).toBeUndefined();
    expect(nextRefusal(2, undefined)).toBeUndefined();
  });

  it('names every empty field of step 1', () => {
    expect(emptyDetails({ firstName: ' ', lastName: 'L', emailAddress: '' })).toEqual([
      'firstName',
      'emailAddress',
    ]);
    expect(emptyDetails({ firstName: 'A', lastName: 'L', emailAddress: 'a@b.c' })).toEqual([]);
  });
});
