/** The app's title (SPEC.md §1: titled as a nationwide census). */
export const APP_TITLE = 'PNSS Nationwide Census';

export const DEFAULT_SOCIETY_URL = 'https://www.pogsinc.org';
export const DEFAULT_SOCIETY_NAME = 'Philippine Obstetrical and Gynecological Society';

export interface ContactDetails {
  email: string | null;
  phone: string | null;
}

export interface ShellConfig {
  societyName: string;
  societyUrl: string;
  census: ContactDetails;
  support: ContactDetails;
}

function meta(name: string): string | null {
  const value = document.querySelector(`meta[name="${name}"]`)?.getAttribute('content')?.trim();
  return value ? value : null;
}

/**
 * Deployment settings live in meta tags of the served index.html, so a department sets its
 * society link and contact details without rebuilding the shell.
 */
export function readShellConfig(): ShellConfig {
  return {
    societyName: meta('pnss:society-name') ?? DEFAULT_SOCIETY_NAME,
    societyUrl: meta('pnss:society-url') ?? DEFAULT_SOCIETY_URL,
    census: { email: meta('pnss:census-email'), phone: meta('pnss:census-phone') },
    support: { email: meta('pnss:support-email'), phone: meta('pnss:support-phone') },
  };
}
