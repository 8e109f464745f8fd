/**
 * The society's mark, drawn here (no third-party asset): a mother-and-child emblem in a ring,
 * linking out to the society's site in a new tab.
 */
export function SocietyLogo({ href, societyName, size = 40 }: { href: string; societyName: string; size?: number }) {
  return (
    <a
      className="pnss-logo"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${societyName} website (opens in a new tab)`}
      title={societyName}
    >
      <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="22" fill="#8a1538" />
        <circle cx="24" cy="24" r="18.5" fill="none" stroke="#f6d7df" strokeWidth="1.5" />
        <circle cx="20" cy="15" r="4" fill="#fff" />
        <path d="M13 36c0-8 3-14 8-14 4 0 7 3 8 7" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
        <circle cx="29" cy="30" r="5.5" fill="#fff" />
        <circle cx="29" cy="30" r="2.5" fill="#8a1538" />
      </svg>
    </a>
  );
}
