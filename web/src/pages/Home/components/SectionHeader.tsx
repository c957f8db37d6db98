import { Typography } from 'antd';
import styles from '../Home.module.css';

interface SectionHeaderProps {
  eyebrow: string;
  title: string;
  lead?: string;
}

export function SectionHeader({ eyebrow, title, lead }: SectionHeaderProps) {
  return (
    <div className={styles.sectionHeader}>
      <span className={styles.eyebrow}>{eyebrow}</span>
      <Typography.Title level={2} style={{ margin: 0, fontSize: 36, letterSpacing: '-0.02em' }}>
        {title}
      </Typography.Title>
      {lead && (
        <Typography.Paragraph type="secondary" style={{ margin: '16px 0 0', fontSize: 17 }}>
          {lead}
        </Typography.Paragraph>
      )}
    </div>
  );
}
