import { describe, expect, it } from 'vitest';
import { plainText } from './mails';

describe('the demo mails’ plain-text part', () => {
  it('keeps paragraphs and writes each link out, without tags, images or entities', () => {
    const html =
      '<div style="x"><img src="cid:qrcode" alt="QR"/><p>Dear Ada &amp; Bob,</p>' +
      '<p>Open <a href="https://example.test/w?a=1&amp;b=2" style="c">the wallet link</a>.<br/>Thanks</p></div>';
    expect(plainText(html)).toBe(
      'Dear Ada & Bob,\n\nOpen the wallet link (https://example.test/w?a=1&b=2).\nThanks',
    );
  });
});
