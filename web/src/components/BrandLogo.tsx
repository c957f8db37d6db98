import { useId } from 'react';
import { productName } from '../brand';

interface BrandLogoProps {
  /** Light text for dark backgrounds (footer, hero). */
  inverted?: boolean;
  size?: number;
}

/**
 * The Proofmark mark: a certificate seal with a tick, drawn inline so it needs no request and
 * stays sharp at any size.
 */
export function BrandLogo({ inverted = false, size = 30 }: BrandLogoProps) {
  // The header and the footer both draw the logo; gradient ids must differ or one points at the other.
  const fillId = useId();
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10 }}>
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={fillId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#3b6cf6" />
            <stop offset="1" stopColor="#1a3fb8" />
          </linearGradient>
        </defs>
        <path
          d="M16 1.5l3.2 2.6 4.1-.4 1.5 3.8 3.8 1.5-.4 4.1 2.6 3.2-2.6 3.2.4 4.1-3.8 1.5-1.5 3.8-4.1-.4L16 30.5l-3.2-2.6-4.1.4-1.5-3.8-3.8-1.5.4-4.1L1.2 16l2.6-3.2-.4-4.1 3.8-1.5 1.5-3.8 4.1.4z"
          fill={`url(#${fillId})`}
        />
        <circle cx="16" cy="16" r="9" fill="none" stroke="#ffffff" strokeOpacity="0.35" strokeWidth="1.2" />
        <path
          d="M11.5 16.3l3.1 3.1 6-6.4"
          fill="none"
          stroke="#ffffff"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span
        style={{
          fontSize: size * 0.66,
          fontWeight: 700,
          letterSpacing: '-0.02em',
          color: inverted ? '#ffffff' : '#0b1733',
          lineHeight: 1,
        }}
      >
        {productName}
      </span>
    </span>
  );
}
