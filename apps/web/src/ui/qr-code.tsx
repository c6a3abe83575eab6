import { encode } from 'uqr';

/** The dark modules of a QR code as one SVG path (one unit square per module). */
export function qrPath(text: string): { size: number; d: string } {
  const { size, data } = encode(text, { ecc: 'M', border: 2 });
  let d = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    });
  });
  return { size, d };
}

/** A QR code drawn as SVG (no canvas, no inline style: fine under the site's CSP). */
export function QrCode({ text, label, className = '' }: { text: string; label: string; className?: string }) {
  const { size, d } = qrPath(text);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={`rounded-lg bg-white ${className}`}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#020617" />
    </svg>
  );
}
