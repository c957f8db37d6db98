import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Dropdown, Flex, Input, Space, Tag, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  mailKindLabels,
  mailTemplateMessages as m,
  placeholdersOf,
  specPlaceholders,
  type MailKind,
} from '@proofmark/shared/mail-templates/rules';
import type { RunView } from '@proofmark/shared/contract/workspace';
import { errorText } from '../../../api/envelope';
import { mailTemplateKey, mailTemplatesApi, useMailTemplate } from '../../../api/mailTemplates';
import { useOrgScope } from '../../../auth/useOrgScope';
import { useCan } from '../../../auth/useCan';
import { previewDocument } from '../../ManageStudents/components/invitation-preview';

/**
 * The email template editor (spec §2.3 type Email / Badge, §2.4): step 1 picks the mail (Certificate,
 * Invitation or OpenBadge Email; type Badge has the one OpenBadge Email, template 16), step 2 edits
 * its subject and HTML with a placeholder menu beside a live preview filled for a recipient of the
 * cohort by the server's composer (the same one that sends the mails), Next saves a new version and
 * step 3 shows it, with a test email to the caller.
 */

interface Props {
  cohort: string;
  /** Why the cohort cannot be used yet ('Please select cohort.'), shown instead of the editor. */
  cohortProblem?: string;
  /** Type Badge: only the OpenBadge Email. */
  badgeOnly: boolean;
}

const choices = (badgeOnly: boolean): { kind: MailKind; title: string; text: string }[] =>
  badgeOnly
    ? [
        {
          kind: 'openbadge',
          title: 'OpenBadge Email (16)',
          text: 'The mail that delivers a baked Open Badge.',
        },
      ]
    : [
        {
          kind: 'certificate',
          title: mailKindLabels.certificate,
          text: 'The mail that delivers an issued certificate.',
        },
        {
          kind: 'invitation',
          title: mailKindLabels.invitation,
          text: 'The invitation to add your organisation in the wallet app.',
        },
        {
          kind: 'openbadge',
          title: mailKindLabels.openbadge,
          text: 'The mail that delivers a baked Open Badge.',
        },
      ];

/** The placeholders of a kind: the spec's first, in its order, then ours. */
const menuOf = (kind: MailKind) => {
  const own = placeholdersOf[kind];
  return [
    ...specPlaceholders.filter((p) => own.includes(p)),
    ...own.filter((p) => !(specPlaceholders as readonly string[]).includes(p)),
  ];
};

type Preview = {
  subject: string;
  html: string;
  sample: { firstname: string; email: string; fromCohort: boolean };
};

export function MailTemplateEditor({ cohort, cohortProblem, badgeOnly }: Props) {
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [kind, setKind] = useState<MailKind | undefined>(badgeOnly ? 'openbadge' : undefined);
  useEffect(() => {
    setStep(1);
    setKind(badgeOnly ? 'openbadge' : undefined);
  }, [badgeOnly, cohort]);

  if (cohortProblem) return <Alert type="info" showIcon message={cohortProblem} />;

  if (step === 1 || !kind)
    return (
      <Flex vertical gap={16}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Step 1: select the email template
        </Typography.Title>
        <Flex gap={16} wrap>
          {choices(badgeOnly).map((c) => (
            <Card
              key={c.kind}
              hoverable
              role="button"
              aria-pressed={kind === c.kind}
              tabIndex={0}
              onClick={() => setKind(c.kind)}
              onKeyDown={(e) => e.key === 'Enter' && setKind(c.kind)}
              style={{ width: 260, borderColor: kind === c.kind ? '#1f4e8c' : undefined }}
            >
              <Card.Meta title={c.title} description={c.text} />
            </Card>
          ))}
        </Flex>
        <Flex justify="end">
          <Button type="primary" disabled={!kind} onClick={() => setStep(2)}>
            Next
          </Button>
        </Flex>
      </Flex>
    );

  return <KindEditor key={`${cohort}/${kind}`} cohort={cohort} kind={kind} step={step} setStep={setStep} />;
}

function KindEditor({
  cohort,
  kind,
  step,
  setStep,
}: {
  cohort: string;
  kind: MailKind;
  step: 2 | 3;
  setStep: (s: 1 | 2 | 3) => void;
}) {
  const { message } = App.useApp();
  const org = useOrgScope();
  const queryClient = useQueryClient();
  const canSave = useCan('changetemplatecontent');
  const current = useMailTemplate(cohort, kind);
  const [subject, setSubject] = useState<string>();
  const [html, setHtml] = useState<string>();
  const [preview, setPreview] = useState<Preview>();
  const [problem, setProblem] = useState<string>();
  const [testRun, setTestRun] = useState<RunView>();
  const lastField = useRef<'subject' | 'html'>('html');
  const subjectRef = useRef<TextAreaRef>(null);
  const htmlRef = useRef<TextAreaRef>(null);

  // The editor starts from the template in use (saved, or the default).
  useEffect(() => {
    if (current.data && subject === undefined) {
      setSubject(current.data.subject);
      setHtml(current.data.html);
    }
  }, [current.data, subject]);

  const draft = { cohort, kind, subject: subject ?? '', html: html ?? '' };
  const refresh = async (signal?: AbortSignal) => {
    try {
      const a = await mailTemplatesApi.preview(draft, signal);
      setPreview(a.data);
      setProblem(undefined);
    } catch (err) {
      if (!signal?.aborted) setProblem(errorText(err));
    }
  };
  // Live preview: the server composes the draft a moment after typing stops.
  useEffect(() => {
    if (subject === undefined || html === undefined) return;
    const ctl = new AbortController();
    const timer = setTimeout(() => void refresh(ctl.signal), 500);
    return () => {
      clearTimeout(timer);
      ctl.abort();
    };
  }, [subject, html, cohort, kind]);

  const save = useMutation({
    mutationFn: () => mailTemplatesApi.save(draft),
    onSuccess: (a) => {
      void message.success(a.message || m.saved);
      setSubject(a.data.subject);
      setHtml(a.data.html);
      queryClient.setQueryData(mailTemplateKey(org, cohort, kind), a);
      setStep(3);
    },
    onError: (err) => setProblem(errorText(err)),
  });

  const test = useMutation({
    mutationFn: async () => {
      const started = await mailTemplatesApi.test(cohort, kind);
      void message.info(started.message);
      // The mail-test job answers through its run: follow it until it ends.
      for (let i = 0; i < 60; i++) {
        await new Promise((r) => setTimeout(r, 1000));
        const run = (await mailTemplatesApi.run(started.data.runId)).data;
        if (run.state === 'done' || run.state === 'failed') return run;
      }
      return undefined;
    },
    onSuccess: (run) => setTestRun(run),
    onError: (err) => void message.error(errorText(err)),
  });

  const insert = (name: string) => {
    if (lastField.current === 'subject') {
      const el = subjectRef.current?.resizableTextArea?.textArea;
      const v = subject ?? '';
      const at = el?.selectionStart ?? v.length;
      setSubject(v.slice(0, at) + name + v.slice(el?.selectionEnd ?? at));
    } else {
      const el = htmlRef.current?.resizableTextArea?.textArea;
      const v = html ?? '';
      const at = el?.selectionStart ?? v.length;
      setHtml(v.slice(0, at) + name + v.slice(el?.selectionEnd ?? at));
    }
  };

  if (current.isError) return <Alert type="error" showIcon message={errorText(current.error)} />;

  const previewPane = (
    <Flex vertical gap={8} style={{ flex: '1 1 420px', minWidth: 0 }}>
      <Typography.Text strong>Preview</Typography.Text>
      {preview && (
        <Descriptions
          size="small"
          column={1}
          bordered
          items={[
            {
              key: 'to',
              label: 'To',
              children: `${preview.sample.firstname} <${preview.sample.email}>${preview.sample.fromCohort ? '' : ' (sample)'}`,
            },
            { key: 'subject', label: 'Subject', children: preview.subject },
          ]}
        />
      )}
      <iframe
        title="Email preview"
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        srcDoc={previewDocument(preview?.html ?? '')}
        style={{
          width: '100%',
          height: 520,
          border: '1px solid rgba(5,5,5,.08)',
          borderRadius: 8,
          background: '#fff',
        }}
      />
    </Flex>
  );

  if (step === 3)
    return (
      <Flex vertical gap={16}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Step 3: {mailKindLabels[kind]} saved{' '}
          {current.data && (
            <Tag>{current.data.isDefault ? 'default' : `version ${current.data.version}`}</Tag>
          )}
        </Typography.Title>
        {previewPane}
        {testRun && (
          <Alert
            type={testRun.failed ? 'error' : 'success'}
            showIcon
            message={testRun.failed ? testRun.errors.join(' ') || testRun.message : testRun.message}
          />
        )}
        <Flex justify="space-between">
          <Button onClick={() => setStep(2)}>Prev</Button>
          {canSave && (
            <Button loading={test.isPending} onClick={() => test.mutate()}>
              Send a test email to me
            </Button>
          )}
        </Flex>
      </Flex>
    );

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Step 2: {mailKindLabels[kind]}{' '}
          {current.data && (
            <Tag>{current.data.isDefault ? 'default' : `version ${current.data.version}`}</Tag>
          )}
        </Typography.Title>
        <Dropdown
          menu={{
            items: menuOf(kind).map((p) => ({ key: p, label: p })),
            onClick: ({ key }) => insert(key),
          }}
        >
          <Button>Insert placeholder</Button>
        </Dropdown>
      </Flex>
      <Flex gap={16} wrap>
        <Flex vertical gap={8} style={{ flex: '1 1 420px', minWidth: 0 }}>
          <label htmlFor="mail-subject">
            <Typography.Text strong>Subject</Typography.Text>
          </label>
          <Input.TextArea
            id="mail-subject"
            autoSize={{ minRows: 1, maxRows: 3 }}
            value={subject}
            ref={subjectRef}
            onFocus={() => (lastField.current = 'subject')}
            onChange={(e) => setSubject(e.target.value)}
          />
          <label htmlFor="mail-html">
            <Typography.Text strong>HTML content</Typography.Text>
          </label>
          <Input.TextArea
            id="mail-html"
            ref={htmlRef}
            rows={20}
            value={html}
            onFocus={() => (lastField.current = 'html')}
            onChange={(e) => setHtml(e.target.value)}
            style={{ fontFamily: 'monospace', fontSize: 12 }}
          />
          {problem && <Alert type="error" showIcon message={problem} />}
        </Flex>
        {previewPane}
      </Flex>
      <Flex justify="space-between">
        <Button onClick={() => setStep(1)}>Prev</Button>
        <Space>
          <Button onClick={() => void refresh()}>Preview</Button>
          {canSave ? (
            <Button type="primary" loading={save.isPending} onClick={() => save.mutate()}>
              Next
            </Button>
          ) : (
            <Typography.Text type="secondary">
              Saving needs the “Change template content” permission.
            </Typography.Text>
          )}
        </Space>
      </Flex>
    </Flex>
  );
}
