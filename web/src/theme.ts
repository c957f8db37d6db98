import type { ThemeConfig } from 'antd';
import { brandColors } from './brand';

/**
 * A restrained, corporate look: one confident blue, neutral greys, soft radii. Certificates are a
 * trust product, so the UI avoids loud colours and leaves emphasis to the call-to-action buttons.
 */
export const theme: ThemeConfig = {
  cssVar: { prefix: 'pm' },
  token: {
    colorPrimary: brandColors.primary,
    colorSuccess: brandColors.verified,
    colorText: brandColors.text,
    colorBgLayout: brandColors.surface,
    borderRadius: 8,
    fontFamily:
      "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: {
      headerBg: '#ffffff',
      headerHeight: 64,
      headerPadding: '0 24px',
      footerBg: brandColors.navy,
      bodyBg: brandColors.surface,
    },
    Menu: {
      itemBg: 'transparent',
      horizontalItemSelectedColor: brandColors.primary,
      itemPaddingInline: 14,
    },
    Button: {
      fontWeight: 500,
    },
    Card: {
      headerFontSize: 16,
    },
  },
};
