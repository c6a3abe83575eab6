/**
 * Country flags drawn as inline SVG: no request (the CSP's img-src is not involved), no inline style, and the same
 * on every phone, where flag emoji are missing from many Android and Windows fonts. Only the flags a language of
 * `locales/languages.json` names; another country draws nothing.
 */
const FLAGS = {
  BD: (
    <>
      <rect width="20" height="12" fill="#006a4e" />
      <circle cx="9" cy="6" r="4" fill="#f42a41" />
    </>
  ),
  GB: (
    <>
      <rect width="20" height="12" fill="#012169" />
      <path d="M0 0l20 12M20 0L0 12" stroke="#fff" strokeWidth="2.4" />
      <path d="M0 0l20 12M20 0L0 12" stroke="#c8102e" strokeWidth="0.8" />
      <path d="M10 0v12M0 6h20" stroke="#fff" strokeWidth="4" />
      <path d="M10 0v12M0 6h20" stroke="#c8102e" strokeWidth="2.4" />
    </>
  ),
} as const;

export function Flag({ country, className = 'h-3.5 w-5' }: { country: string | undefined; className?: string }) {
  const drawing = country ? FLAGS[country as keyof typeof FLAGS] : undefined;
  if (!drawing) return null;
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 12"
      preserveAspectRatio="xMidYMid slice"
      className={`${className} shrink-0 rounded-sm ring-1 ring-white/20`}
    >
      {drawing}
    </svg>
  );
}
