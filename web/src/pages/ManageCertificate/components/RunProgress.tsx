import { useEffect, useRef } from 'react';
import { Alert, Flex, List, Progress, Typography } from 'antd';
import type { RunKind, RunView } from '@proofmark/shared/contract/workspace';
import { failureText } from '../../ManageStudents/components/notices';
import { isRunFinished } from '@proofmark/shared/workspace/rules';
import { runDoneText, runPercent, runRouteText, runTitle, runWaitText } from './run-status';
import { useRun } from '../../../api/workspace';

interface RunProgressProps {
  id: string;
  kind: RunKind;
  /** Called once, when the run is done or failed (not for a run that had finished before the page opened). */
  onFinished: (run: RunView) => void;
  /** The run had finished when the page read it back (a reload): its end is shown, not acted on again. */
  finishedAtStart?: boolean;
  onClose: () => void;
}

/**
 * The progress of long work (§4: generation and baking "may take several minutes", issuance
 * "several minutes or hours"): polled until done or failed, then the lists are refreshed.
 */
export function RunProgress({ id, kind, onFinished, finishedAtStart = false, onClose }: RunProgressProps) {
  const run = useRun(id);
  // A download finished before a reload must not open its zip again.
  const reported = useRef(finishedAtStart);
  const data = run.data;

  useEffect(() => {
    if (data === undefined || reported.current || !isRunFinished(data)) return;
    reported.current = true;
    onFinished(data);
  }, [data, onFinished]);

  const finished = data !== undefined && isRunFinished(data);
  const failed = data?.state === 'failed' || (data !== undefined && data.failed > 0);
  const type = run.isError ? 'warning' : !finished ? 'info' : failed ? 'warning' : 'success';

  let detail: string;
  if (run.isError) detail = failureText(run.error, 'failed');
  else if (data === undefined) detail = runWaitText[kind];
  else if (data.state === 'scheduled')
    detail = `Scheduled for ${data.scheduledAt ? new Date(data.scheduledAt).toLocaleString() : 'later'}.`;
  else if (!finished) detail = runWaitText[kind];
  else if (data.state === 'done') detail = runDoneText(data);
  else detail = data.message || 'The work stopped with errors.';

  return (
    <Alert
      type={type}
      showIcon
      role="status"
      data-testid={`run-${kind}`}
      closable={finished || run.isError || data?.state === 'scheduled' ? { onClose } : false}
      title={runTitle[kind]}
      description={
        <Flex vertical gap={6}>
          <Typography.Text>{detail}</Typography.Text>
          {data !== undefined && runRouteText(data) && (
            <Typography.Text type="secondary">{runRouteText(data)}</Typography.Text>
          )}
          {data !== undefined && data.state !== 'scheduled' && (
            <Progress
              percent={runPercent(data)}
              status={
                data.state === 'failed' ? 'exception' : finished ? (failed ? 'normal' : 'success') : 'active'
              }
              format={() => `${data.done} of ${data.total}`}
              aria-label={`${runTitle[kind]} progress`}
            />
          )}
          {data !== undefined && data.errors.length > 0 && (
            <List
              size="small"
              dataSource={data.errors}
              renderItem={(e) => <List.Item style={{ paddingInline: 0 }}>{e}</List.Item>}
            />
          )}
        </Flex>
      }
    />
  );
}
