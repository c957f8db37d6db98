import type { ReactNode } from 'react';
import type { VerificationResult } from '@proofmark/shared/blockcerts/index';
import { Icon, type IconName } from './icons';
import {
  anchorFacts,
  certificateFacts,
  stepText,
  verdicts,
  verdictSentence,
  type IssuerFacts,
} from './verifier';
import styles from './Verifier.module.css';

export type Check =
  | { state: 'idle' }
  | { state: 'working'; what: string }
  | { state: 'load-error'; message: string }
  | { state: 'done'; result: VerificationResult; credential: unknown; issuer?: IssuerFacts };

const formatDate = (iso: string | undefined) => {
  if (!iso) return undefined;
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' });
};

const stepIcon: Record<'passed' | 'failed' | 'skipped', IconName> = {
  passed: 'success',
  failed: 'error',
  skipped: 'skipped',
};

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className={styles.facts}>
      {rows.map(([label, value]) => (
        <div key={label} className={styles.fact}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What the check found: the verdict in one sentence, then the certificate, issuer, anchor and each step. */
export function Outcome({ check }: { check: Check }) {
  if (check.state === 'idle') return null;
  if (check.state === 'working')
    return (
      <div role="status" className={`${styles.card} ${styles.working}`}>
        <span className={styles.spinner} aria-hidden="true" />
        {check.what}
      </div>
    );
  if (check.state === 'load-error')
    return (
      <div role="alert" className={`${styles.alert} ${styles.tone_error}`}>
        <strong>The certificate could not be checked</strong>
        <p>{check.message}</p>
      </div>
    );

  const { result, credential, issuer } = check;
  const verdict = verdicts[result.status];
  const facts = certificateFacts(credential);
  const anchor = anchorFacts(result.anchor);
  const issued = formatDate(result.anchoredAt?.toISOString()) ?? formatDate(facts.issued) ?? '—';

  return (
    <div className={styles.outcome}>
      <section
        data-testid="verdict"
        data-verdict={result.status}
        className={`${styles.card} ${styles.verdict} ${styles[`tone_${verdict.tone}`]}`}
        aria-labelledby="verdict-title"
      >
        <span className={styles.verdictIcon}>
          <Icon name={verdict.tone} size={36} />
        </span>
        <div>
          <h2 id="verdict-title">{verdict.title}</h2>
          <p>{verdictSentence(result)}</p>
        </div>
      </section>

      <section className={styles.card} aria-labelledby="certificate-title">
        <h2 id="certificate-title">Certificate</h2>
        <Facts
          rows={[
            ['Recipient', facts.recipient ?? '—'],
            ['Certificate', facts.title ?? '—'],
            ...(facts.description ? [['Description', facts.description] as [string, string]] : []),
            ['Issued', issued],
            ...(facts.expires ? [['Valid until', formatDate(facts.expires)] as [string, string]] : []),
            ...(result.credentialId
              ? [['Certificate id', <code key="id">{result.credentialId}</code>] as [string, ReactNode]]
              : []),
          ]}
        />
      </section>

      <section className={styles.card} aria-labelledby="issuer-title">
        <h2 id="issuer-title">Issuer</h2>
        {issuer ? (
          <div className={styles.issuer}>
            {issuer.image ? (
              <img src={issuer.image} alt="" width={64} height={64} className={styles.logo} />
            ) : null}
            <div>
              <strong data-testid="issuer-name">{issuer.name ?? 'Unknown issuer'}</strong>
              {issuer.homepage ? (
                <a href={issuer.homepage} target="_blank" rel="noopener noreferrer">
                  {issuer.homepage}
                </a>
              ) : null}
              {issuer.email ? <span className={styles.muted}>{issuer.email}</span> : null}
              <span className={`${styles.muted} ${styles.small}`}>Issuer profile: {issuer.url}</span>
            </div>
          </div>
        ) : (
          <p className={styles.muted}>The certificate does not name a readable issuer.</p>
        )}
      </section>

      <section className={styles.card} aria-labelledby="anchor-title">
        <h2 id="anchor-title">Blockchain record</h2>
        {anchor ? (
          <Facts
            rows={[
              ['Blockchain', anchor.chain],
              ['Network', anchor.network],
              [
                'Transaction',
                <code key="tx" data-testid="anchor-tx" className={styles.breakAll}>
                  {anchor.txId}
                </code>,
              ],
              ...(result.anchoredAt
                ? [['Recorded', formatDate(result.anchoredAt.toISOString())] as [string, string]]
                : []),
            ]}
          />
        ) : (
          <p className={styles.muted}>The certificate names no blockchain transaction.</p>
        )}
      </section>

      <section className={styles.card} aria-labelledby="steps-title">
        <h2 id="steps-title">Verification steps</h2>
        <ol className={styles.steps}>
          {result.steps.map((s) => (
            <li key={s.id} className={styles[`step_${s.status}`]}>
              <Icon name={stepIcon[s.status]} size={18} />
              <div>
                <strong>{s.label}</strong>
                <span data-step={s.id} data-step-status={s.status}>
                  {stepText(result, s)}
                </span>
              </div>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
