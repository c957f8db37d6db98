import { useState } from 'react';
import { App, Button, Flex, Input, Space, Tag, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import type { ProfileData } from '@proofmark/shared/contract/profile';
import { errorText } from '../../../../api/envelope';
import { ChooserCard } from './ChooserCard';
import { Office365Block } from './Office365Block';
import { profileApi } from '../../../../api/profile';
import { SmtpBlock } from './SmtpBlock';

type MailKind = 'pwd' | 'oauth' | 'office365';
const labels: Record<MailKind, string> = {
  pwd: 'SMTP (user name and password)',
  oauth: 'Gmail OAuth',
  office365: 'Office 365',
};

const kindOf = (p: ProfileData): MailKind =>
  p.isoffice365 === 1 ? 'office365' : p.smtptype === 1 ? 'oauth' : 'pwd';

/**
 * Which way mail leaves now: the organisation's server once a test mail went through its saved
 * settings (saving them again asks for a new test), otherwise Proofmark's sender.
 */
export const mailRouteText = (p: ProfileData): string => {
  if (!p.mailverifiedat) return "Proofmark's sender";
  const server =
    p.isoffice365 === 1
      ? 'Office 365'
      : p.smtptype === 1 && !p.smtphost
        ? 'Gmail'
        : `${p.smtphost}${p.smtpport ? `:${p.smtpport}` : ''}`;
  return `your mail server (${server}), verified ${new Date(p.mailverifiedat).toLocaleString()}`;
};

/** Send test email through the saved settings, to the caller unless another address is given. */
function TestMail() {
  const { message } = App.useApp();
  const [to, setTo] = useState('');
  const test = useMutation({
    mutationFn: () => profileApi.testMail(to.trim()),
    onSuccess: (answer) => void message.success(answer.message),
    onError: (error) => void message.error(errorText(error)),
  });
  return (
    <Space.Compact>
      <Input
        aria-label="Test email recipient"
        placeholder="Send to me"
        value={to}
        onChange={(e) => setTo(e.target.value)}
        style={{ width: 200 }}
      />
      <Button loading={test.isPending} onClick={() => test.mutate()}>
        Send test email
      </Button>
    </Space.Compact>
  );
}

/**
 * How certificates are mailed (spec §3 mail settings): SMTP with a password, Gmail OAuth or Office
 * 365 — one at a time (spec §4), each with its own block.
 */
export function MailSettings({ profile, readOnlyNote }: { profile: ProfileData; readOnlyNote?: string }) {
  const saved = kindOf(profile);
  const [kind, setKind] = useState<MailKind>(saved);
  const readOnly = readOnlyNote !== undefined;
  const extra = <TestMail />;
  const blockProps = { profile, readOnly, extra };

  return (
    <ChooserCard
      title="Mail settings"
      description="The mail service that sends certificates and invitations. Save a block, then Send test email: once a test mail goes through the saved settings, mail leaves from your server; until then, from Proofmark's sender."
      readOnlyNote={readOnlyNote}
      inUse={mailRouteText(profile)}
      chooserLabel="Mail service"
      value={kind}
      onChange={setKind}
      options={(Object.keys(labels) as MailKind[]).map((k) => ({ value: k, label: labels[k] }))}
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        Saved: {labels[saved]}.{' '}
        {profile.mailverifiedat
          ? 'A test mail went through these settings, so mail leaves from your server.'
          : "Send test email to use them: until a test mail goes through, mail leaves from Proofmark's sender."}
      </Typography.Paragraph>
      {kind !== saved && (
        <Flex style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary">
            <Tag style={{ marginInlineEnd: 6 }}>Not active</Tag>
            Saving this block replaces the saved {labels[saved]} settings.
          </Typography.Text>
        </Flex>
      )}
      {kind === 'pwd' && <SmtpBlock kind="pwd" {...blockProps} />}
      {kind === 'oauth' && <SmtpBlock kind="oauth" {...blockProps} />}
      {kind === 'office365' && <Office365Block {...blockProps} />}
    </ChooserCard>
  );
}
