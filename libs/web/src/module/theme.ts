import type { ThemeConfig } from 'antd';

/** One look for the shell and every module. */
export const pnssTheme: ThemeConfig = {
  token: {
    colorPrimary: '#8a1538',
    colorLink: '#8a1538',
    borderRadius: 6,
    fontSize: 14,
  },
};
