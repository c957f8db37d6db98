import { Tag, Tooltip } from 'antd';

/** Shown beside an address whose mail bounced: sends skip the row until its email is corrected. */
export function BouncedTag({ bounced }: { bounced?: boolean }) {
  if (!bounced) return null;
  return (
    <Tooltip title="Mail to this address bounced. Sends skip it until you correct the email.">
      <Tag color="red" style={{ marginInlineStart: 6 }} data-testid="bounced">
        Bounced
      </Tag>
    </Tooltip>
  );
}
