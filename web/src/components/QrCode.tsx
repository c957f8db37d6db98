import { useEffect, useState } from 'react';
import { Skeleton } from 'antd';
import QRCode from 'qrcode';

interface QrCodeProps {
  text: string;
  /** Width and height in CSS pixels. */
  size?: number;
  testId?: string;
}

/**
 * The QR code of `text`, drawn here as an SVG: no outside chart service sees the address or the
 * link, and nothing is stored for it (the Issued tab's certificates, the key pair's address).
 */
export function QrCode({ text, size = 200, testId }: QrCodeProps) {
  const [svg, setSvg] = useState<string>();
  useEffect(() => {
    let live = true;
    void QRCode.toString(text, {
      type: 'svg',
      margin: 1,
      errorCorrectionLevel: 'M',
      color: { dark: '#101828', light: '#ffffff' },
    }).then((out) => {
      if (live) setSvg(out);
    });
    return () => {
      live = false;
    };
  }, [text]);
  if (svg === undefined) return <Skeleton.Node active style={{ width: size, height: size }} />;
  return (
    <div
      role="img"
      aria-label={`QR code of ${text}`}
      data-testid={testId}
      style={{ width: size, height: size, lineHeight: 0 }}
      // The library's own SVG markup: path data only, made from the text.
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}

/** A PNG of the QR code of `text` (`width` pixels square, the size the download zip's are made at). */
export const qrPngDataUrl = (text: string, width = 300) =>
  QRCode.toDataURL(text, { width, margin: 2, errorCorrectionLevel: 'M' });
