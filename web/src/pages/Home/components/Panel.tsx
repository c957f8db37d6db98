import type { CSSProperties, ReactNode } from 'react';
import styles from '../Home.module.css';

/**
 * A card as antd draws one (white, rounded, 24 px body), in plain markup: antd's Card brings its
 * tabs, dropdown and menu along, which the landing page's first paint cannot afford.
 */
export function Panel({
  children,
  className,
  borderless = false,
  bodyStyle,
}: {
  children: ReactNode;
  className?: string;
  borderless?: boolean;
  bodyStyle?: CSSProperties;
}) {
  const classes = [styles.panel, borderless ? styles.panelBorderless : '', className ?? ''].filter(Boolean);
  return (
    <div className={classes.join(' ')}>
      <div className={styles.panelBody} style={bodyStyle}>
        {children}
      </div>
    </div>
  );
}
