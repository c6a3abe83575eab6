import type { VendorCard as VendorCardData } from '@tessera/contract/api/catalogue';
import { Link } from 'react-router';
import { imageUrl } from '../../../lib/image-loader';
import { LazyImage } from '../../../ui/lazy-image';
import { useSystemStatus } from '../../system/api/get-system-status';

/** A vendor card of a navigation lane (spec 2.2): opens its category lobby filtered to the vendor. */
export function VendorCardLink({ card, to }: { card: VendorCardData; to: string }) {
  const { info } = useSystemStatus();
  return (
    <Link
      to={to}
      className="flex flex-col overflow-hidden rounded-xl border border-slate-800 bg-slate-900 hover:border-amber-400/60 focus-visible:outline-2 focus-visible:outline-amber-300"
    >
      <LazyImage src={imageUrl(card.largeIcon || card.icon, info.imageCDNs)} alt="" className="aspect-[16/9] w-full" />
      <span className="truncate px-3 py-2 text-sm font-semibold">{card.displayName}</span>
    </Link>
  );
}
