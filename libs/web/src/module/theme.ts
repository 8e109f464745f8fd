import type { ThemeConfig } from 'antd';

/**
 * Text at 4.5:1 or more against white and antd's light fills (WCAG 2.1 AA, issue 14), as axe
 * measures it. antd's defaults for secondary, description, help and placeholder text (45% and 25%
 * black), its error red (#ff4d4f) and the text of its light tags (the 7th shade of each palette)
 * fall below it; these replace them for the shell and every module at once.
 */
const QUIET_TEXT = 'rgba(0, 0, 0, 0.62)'; // #616161 on white, 6.2:1; 5.7:1 on #f5f5f5
const PLACEHOLDER_TEXT = 'rgba(0, 0, 0, 0.57)'; // #6e6e6e on white, 5.1:1
const ERROR_RED = '#cf1322'; // 5.9:1 on white, 5.3:1 on antd's light red

/** One look for the shell and every module. */
export const pnssTheme: ThemeConfig = {
  token: {
    colorPrimary: '#8a1538',
    colorLink: '#8a1538',
    borderRadius: 6,
    fontSize: 14,
    colorTextTertiary: QUIET_TEXT,
    colorTextDescription: QUIET_TEXT,
    colorTextPlaceholder: PLACEHOLDER_TEXT,
    colorError: ERROR_RED,
    colorErrorText: ERROR_RED,
  },
  components: {
    Tag: {
      // Preset tags write their text in the palette's 7th shade on its 1st; status tags in the
      // status colour on its light fill. Darker shades of the same hues keep the meaning.
      red7: '#a8071a',
      volcano7: '#871400',
      orange7: '#7c2e00',
      gold7: '#5c3c00',
      yellow7: '#614700',
      lime7: '#254000',
      green7: '#135200',
      cyan7: '#00474f',
      blue7: '#003a8c',
      geekblue7: '#10239e',
      purple7: '#391085',
      magenta7: '#780650',
      colorSuccess: '#135200',
      colorWarning: '#7c2e00',
      colorInfo: '#003a8c',
      colorError: '#a8071a',
    },
  },
};
