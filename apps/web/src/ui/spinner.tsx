/** A decorative spinner; the caller provides the accessible status text. */
export function Spinner({ className = '' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block size-8 animate-spin rounded-full border-4 border-slate-700 border-t-amber-400 ${className}`}
    />
  );
}
