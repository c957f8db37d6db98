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
      description="The mail service that sends certificates and invitations. Save a block to make it the one in use; Send test email uses the saved settings."
      readOnlyNote={readOnlyNote}
      inUse={labels[saved]}
      chooserLabel="Mail service"
      value={kind}
      onChange={setKind}
      options={(Object.keys(labels) as MailKind[]).map((k) => ({ value: k, label: labels[k] }))}
    >
      {kind !== saved && (
        <Flex style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary">
            <Tag style={{ marginInlineEnd: 6 }}>Not active</Tag>
            Saving this block replaces {labels[saved]}.
          </Typography.Text>
        </Flex>
      )}
      {kind === 'pwd' && <SmtpBlock kind="pwd" {...blockProps} />}
      {kind === 'oauth' && <SmtpBlock kind="oauth" {...blockProps} />}
      {kind === 'office365' && <Office365Block {...blockProps} />}
    </ChooserCard>
  );
}
