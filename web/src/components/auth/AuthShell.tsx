import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { BrandLogo } from '../BrandLogo';
import { CheckOutlined } from '../icons';
import styles from './AuthShell.module.css';

export interface AuthShellProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Shown under the form, above a thin rule: "No account yet? Register". */
  footer?: ReactNode;
  /**
   * 'split' (default): the brand panel beside the form. 'compact': the same with a narrower card.
   * 'narrow': the form alone under the logo, for a single focused step such as a forced password change.
   */
  layout?: 'split' | 'compact' | 'narrow';
  /** The message of the brand panel; sign-in and registration speak to different visitors. */
  pitch?: 'signIn' | 'register';
}

const pitches = {
  signIn: {
    title: 'Welcome back to your credential desk',
    lead: 'Issue, send and revoke certificates for your cohorts, and see who verified them.',
    points: [
      'Batches of up to 2,000 certificates anchored in one transaction',
      'Revoke or hold any certificate at any time',
      'A verifier page with your organization’s name on it',
    ],
    foot: 'Your team signs in with their own accounts; the main administrator decides who may issue.',
  },
  register: {
    title: 'Certificates anyone can verify in seconds',
    lead: 'Set up your organization in two minutes and issue your first tamper-proof certificates today.',
    points: [
      'Blockcerts, Open Badges and W3C Verifiable Credentials',
      'Degrees, transcripts, awards, medals and more',
      'Recipients keep their certificates for life',
    ],
    foot: 'Your first 20 certificates are free. No card needed to start.',
  },
} as const;

/** The frame of the account screens: a card with the brand's promise beside the form. */
export function AuthShell({ title, subtitle, children, footer, layout = 'split', pitch = 'signIn' }: AuthShellProps) {
  const content = pitches[pitch];
  const cardClass = [styles.card, layout === 'narrow' ? styles.narrow : '', layout === 'compact' ? styles.compact : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={styles.page}>
      <div className={cardClass}>
        {layout !== 'narrow' && (
          <aside className={styles.aside} aria-label="Why Proofmark">
            <BrandLogo inverted size={28} />
            <div>
              <h2 className={styles.asideTitle}>{content.title}</h2>
              <p className={styles.asideLead} style={{ marginTop: 12 }}>
                {content.lead}
              </p>
            </div>
            <ul className={styles.points}>
              {content.points.map((point) => (
                <li key={point} className={styles.point}>
                  <span className={styles.pointIcon} aria-hidden="true">
                    <CheckOutlined />
                  </span>
                  <span style={{ paddingTop: 4 }}>{point}</span>
                </li>
              ))}
            </ul>
            <div className={styles.asideFoot}>{content.foot}</div>
          </aside>
        )}
        <section className={styles.body}>
          {layout === 'narrow' && (
            <div className={styles.logo}>
              <BrandLogo size={34} />
            </div>
          )}
          <div className={styles.heading}>
            <Typography.Title level={1} className={styles.title}>
              {title}
            </Typography.Title>
            {subtitle !== undefined && <Typography.Paragraph className={styles.subtitle}>{subtitle}</Typography.Paragraph>}
          </div>
          {children}
          {footer !== undefined && <div className={styles.footer}>{footer}</div>}
        </section>
      </div>
    </div>
  );
}
