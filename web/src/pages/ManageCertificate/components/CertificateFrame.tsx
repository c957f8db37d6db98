import { useLayoutEffect, useRef, useState } from 'react';
import { certificateDocument } from './certificate-document';

/** Certificates are designed for A4 landscape at 96 dpi; the frame shows that page scaled to fit. */
const PAGE = { width: 1123, height: 794 };

interface CertificateFrameProps {
  html: string;
  title: string;
}

/**
 * A rendered certificate in a sandboxed frame (no scripts, no same-origin access), laid out at its
 * page size and scaled to the width available, so the whole page shows without scrolling sideways.
 */
export function CertificateFrame({ html, title }: CertificateFrameProps) {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);

  useLayoutEffect(() => {
    const element = box.current;
    if (element === null) return;
    const fit = () => setScale(Math.min(1, element.clientWidth / PAGE.width));
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={box}
      style={{
        width: '100%',
        height: Math.ceil(PAGE.height * scale),
        overflow: 'hidden',
        border: '1px solid #e5e7eb',
        borderRadius: 8,
        background: '#fff',
      }}
    >
      <iframe
        title={title}
        sandbox=""
        srcDoc={certificateDocument(html)}
        style={{
          width: PAGE.width,
          height: PAGE.height,
          border: 0,
          transform: `scale(${scale})`,
          transformOrigin: '0 0',
        }}
      />
    </div>
  );
}
