import { beforeAll, describe, expect, it } from 'vitest';
import { defaultMailTemplates, type MailKind } from '@proofmark/shared/mail-templates/rules';
import type { ComposeInput } from './compose';

// The composer of a chunk must answer what composeMail answers, mail for mail, whatever the
// template and the values: these compare both on the default templates and on hostile ones.
let composeMail: typeof import('./compose').composeMail;
let mailComposer: typeof import('./compose-many').mailComposer;
let credentialMoment: typeof import('./links').credentialMoment;

beforeAll(async () => {
  process.env.PUBLIC_BASE_URL = 'https://cdn.example.test/public';
  process.env.APP_BASE_URL = 'https://app.example.test';
  ({ composeMail } = await import('./compose'));
  ({ mailComposer } = await import('./compose-many'));
  ({ credentialMoment } = await import('./links'));
});

const sender = {
  name: 'Acme & "Sons" <Ltd>',
  issuerUrl: 'https://cdn.example.test/public/acme/issuer.json',
  logoUrl: 'https://cdn.example.test/public/acme/logo.png',
  verifierSlug: 'acme',
} as unknown as ComposeInput['sender'];

const names = [
  'Ann',
  "O'Brien & <b>Co</b>",
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  'https://evil.example/x.png',
  'Zoë "Zed" &amp; &#39;x&#39; url(https://evil.example)',
  'tab\tand\nline',
  'nul\u0000char\r',
  '',
];

const hostile = (kind: MailKind) => ({
  subject: 'Hi FIRST_NAME from ORGANIZATION_NAME',
  html:
    `<p style="color:red">Dear FIRST_NAME, <b>welcome</b> to ORGANIZATION_NAME ORGANIZATION_LOGO</p>` +
    `<a href="${kind === 'openbadge' ? 'BADGE_IMAGE_URL' : 'PDF_URL'}">file</a> <a href="VERIFIER_URL">check</a>` +
    `<a href="#top">top</a><a href="/relative">rel</a><a href="mailto:x@example.test?subject=FIRST_NAME">mail</a>` +
    `<a href="https://example.test/?who=FIRST_NAME">who</a><img src="JSON_URL" alt="j"/>QR_CODE` +
    `<div>BASE_URL ISSUER_URL JSON_URL</div><textarea>FIRST_NAME</textarea>`,
});
const inTitle = {
  subject: 'Hello',
  html: '<p title="FIRST_NAME">x</p><a href="VERIFIER_URL">VERIFIER_URL</a>',
};
const inStyle = {
  subject: 'Hello',
  html: '<p style="background:FIRST_NAME">x</p><a href="JSON_URL">JSON_URL</a>',
};
const nameAsLink = {
  subject: 'Hello',
  html: '<a href="FIRST_NAME">you</a><a href="JSON_URL">file</a><img src="FIRST_NAME"/>',
};
// A template stored before templates were sanitised on save.
const legacy = {
  subject: 'Hello',
  html: '<a href="javascript:alert(1)" onclick="x()">bad</a><script>FIRST_NAME</script><a href="VERIFIER_URL">ok</a>',
};

const inputFor = (kind: MailKind, template: ComposeInput['template'], firstname: string, i: number) => {
  const moment = credentialMoment(sender, `0000000${i}-aaaa-4bbb-8ccc-dddddddddddd`);
  const verifier = moment.links.VERIFIER_URL!;
  return {
    kind,
    template,
    sender,
    recipient: { firstname },
    ...moment,
    target: 'mail' as const,
    tracking: {
      link: (href: string) =>
        href === verifier ? `https://app.example.test/api/public/mail/t${i}/link/0` : href,
      openPixelUrl: `https://app.example.test/api/public/mail/t${i}/open`,
    },
  } satisfies ComposeInput;
};

describe('mailComposer', () => {
  const cases: [string, MailKind, ComposeInput['template']][] = [
    ...(['certificate', 'openbadge'] as const).map(
      (k) =>
        [`the default ${k} template`, k, defaultMailTemplates[k]] as [
          string,
          MailKind,
          ComposeInput['template'],
        ],
    ),
    ['a hostile certificate template', 'certificate', hostile('certificate')],
    ['a hostile openbadge template', 'openbadge', hostile('openbadge')],
    ['a name in a title', 'certificate', inTitle],
    ['a name in a style', 'certificate', inStyle],
    ['a name as a link and an image', 'certificate', nameAsLink],
    ['a template stored unsanitised', 'certificate', legacy],
  ];
  it.each(cases)('composes %s as composeMail does, for every name', async (_, kind, template) => {
    const compose = mailComposer();
    for (const [i, name] of names.entries()) {
      const input = inputFor(kind, template, name, i);
      const expected = await composeMail(input);
      expect(await compose(input)).toEqual(expected);
    }
  });

  it('sanitises a template once for all its mails where it can vouch for them', async () => {
    const prepared = async (template: ComposeInput['template']) => {
      const compose = mailComposer();
      for (const [i, name] of names.entries()) await compose(inputFor('certificate', template, name, i));
      return compose.counts.prepared;
    };
    // Every name but the one with control characters.
    expect(await prepared(defaultMailTemplates.certificate)).toBe(names.length - 1);
    // It puts the name in links too: only names plain in a URL are vouched for there (Ann,
    // javascript:alert(1) and the foreign URL in a query, the empty one); the others the long way.
    expect(await prepared(hostile('certificate'))).toBe(4);
    // A name in an attribute other than a whole link or image source: every mail the long way.
    expect(await prepared(inTitle)).toBe(0);
    expect(await prepared(inStyle)).toBe(0);
  });

  it('keeps a javascript: name out of a link and an image', async () => {
    const mail = await mailComposer()(inputFor('certificate', nameAsLink, 'javascript:alert(1)', 1));
    expect(mail.html).not.toContain('javascript:');
    expect(mail.html).toContain('<a>you</a>');
  });
});
