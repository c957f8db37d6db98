import { Card, Flex, List, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { FirstStepId, FirstStepsData } from '@proofmark/shared/contract/dashboard';
import { CheckCircleFilled } from '../../../components/icons';
import { paths } from '../../../routing/routeTable';

/** What each step of a new organisation's checklist says and where it is done. */
export const firstStepText: Record<FirstStepId, { title: string; how: string; to: string }> = {
  key: {
    title: 'Create an issuing key',
    how: 'My Profile → Generate key pair: the key that anchors your certificates.',
    to: `${paths.myProfile}?tab=keypair`,
  },
  design: {
    title: 'Add your design',
    how: 'Upload your organisation logo (and signature) shown on every certificate.',
    to: `${paths.myProfile}?tab=profile`,
  },
  cohort: {
    title: 'Upload a cohort',
    how: 'Manage Students: upload a sheet of recipients into a cohort.',
    to: paths.manageStudents,
  },
  identity: {
    title: 'Give recipients an identity',
    how: 'Send wallet invitations, or use "Copy email as public key" in Manage Students.',
    to: paths.manageStudents,
  },
  generate: {
    title: 'Generate certificates',
    how: 'Manage Certificate: select recipients with PK received and Generate.',
    to: paths.manageCertificate,
  },
  issue: {
    title: 'Issue',
    how: 'Manage Certificate: Issue the generated certificates.',
    to: paths.manageCertificate,
  },
  send: {
    title: 'Send',
    how: 'Manage Certificate, Issued tab: Send Certificate mails each recipient.',
    to: paths.manageCertificate,
  },
};

export const firstStepsDone = (data: FirstStepsData | undefined) => !!data && data.steps.every((s) => s.done);

/** The checklist of what it takes to issue, ticked from the organisation's real state. */
export function FirstSteps({ data }: { data: FirstStepsData }) {
  const done = data.steps.filter((s) => s.done).length;
  return (
    <Card title={`First steps (${done} of ${data.steps.length} done)`} data-testid="first-steps">
      <List
        dataSource={data.steps}
        renderItem={(step, i) => {
          const text = firstStepText[step.id];
          return (
            <List.Item data-step={step.id} data-done={step.done ? 'yes' : 'no'}>
              <Flex gap={12} align="flex-start">
                <Typography.Text strong style={{ minWidth: 24 }}>
                  {step.done ? (
                    <CheckCircleFilled style={{ color: '#237804' }} aria-label="done" />
                  ) : (
                    `${i + 1}.`
                  )}
                </Typography.Text>
                <Flex vertical>
                  <Link to={text.to}>{text.title}</Link>
                  <Typography.Text type="secondary">{text.how}</Typography.Text>
                </Flex>
              </Flex>
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
