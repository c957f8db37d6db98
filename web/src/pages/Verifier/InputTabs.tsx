import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './Verifier.module.css';

export interface TabItem {
  key: string;
  label: string;
  panel: ReactNode;
}

/**
 * Tabs as the WAI-ARIA pattern describes them: one tab stop, arrow keys (and Home/End) move between
 * tabs, only the chosen panel is in the page.
 */
export function InputTabs({
  items,
  active,
  onChange,
}: {
  items: TabItem[];
  active: string;
  onChange: (key: string) => void;
}) {
  const base = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const index = Math.max(
    0,
    items.findIndex((i) => i.key === active),
  );
  const choose = (i: number) => {
    const item = items[(i + items.length) % items.length]!;
    onChange(item.key);
    refs.current[item.key]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: -1 };
    const to = moves[e.key];
    if (to === undefined) return;
    e.preventDefault();
    choose(to);
  };
  const current = items[index]!;
  return (
    <div>
      <div
        role="tablist"
        aria-label="How to provide the certificate"
        className={styles.tabs}
        onKeyDown={onKeyDown}
      >
        {items.map((item) => (
          <button
            key={item.key}
            ref={(el) => {
              refs.current[item.key] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${item.key}`}
            aria-selected={item.key === current.key}
            aria-controls={`${base}-panel-${item.key}`}
            tabIndex={item.key === current.key ? 0 : -1}
            className={styles.tab}
            onClick={() => onChange(item.key)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel-${current.key}`}
        aria-labelledby={`${base}-tab-${current.key}`}
        className={styles.panel}
      >
        {current.panel}
      </div>
    </div>
  );
}
