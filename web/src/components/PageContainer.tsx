import type { ReactNode } from 'react';

interface PageContainerProps {
  children: ReactNode;
  /** Narrow forms (login, password) read better in a slimmer column. */
  width?: number;
}

/** The padded, centred column every application screen sits in; the landing page spans the full width instead. */
export function PageContainer({ children, width = 1200 }: PageContainerProps) {
  return <div style={{ maxWidth: width, margin: '0 auto', padding: '32px 24px 48px' }}>{children}</div>;
}
