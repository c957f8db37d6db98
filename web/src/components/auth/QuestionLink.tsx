import type { ReactNode } from 'react';
import { Button, Typography } from 'antd';
import type { ButtonProps } from 'antd';

/** A link-styled button that sits in a line of text (no padding of its own). */
export function InlineLink(props: Omit<ButtonProps, 'type' | 'style'>) {
  return <Button {...props} type="link" style={{ padding: 0, height: 'auto' }} />;
}

/** "Didn’t get it? Resend code": a question and the action that answers it, in secondary text. */
export function QuestionLink({
  question,
  children,
  loading,
  onClick,
}: {
  question: string;
  children: ReactNode;
  loading?: boolean;
  onClick: () => void;
}) {
  return (
    <Typography.Text type="secondary">
      {question}{' '}
      <InlineLink loading={loading} onClick={onClick}>
        {children}
      </InlineLink>
    </Typography.Text>
  );
}
