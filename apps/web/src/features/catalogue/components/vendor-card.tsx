import type { VendorCard as VendorCardData } from '@tessera/contract/api/catalogue';
import { Link } from 'react-router';
import { imageUrl } from '../../../lib/image-loader';
import { useModals } from '../../../lib/modal-store';
import { LazyImage } from '../../../ui/lazy-image';

const CARD_CLASS =
  'flex w-full flex-col overflow-hidden rounded-xl border border-slate-800 bg-slate-900 text-start hover:border-amber-400/60 focus-visible:outline-2 focus-visible:outline-amber-300';

/**
 * A vendor card of a navigation lane (spec 2.2): opens its category lobby filtered to the vendor, or, for a
 * VASSALAGE vendor (spec §3 isGame), the popup list of its games.
 */
export function VendorCardLink({ card, to, imageCDNs }: { card: VendorCardData; to: string; imageCDNs: readonly string[] }) {
  const open = useModals((state) => state.open);
  const content = (
    <>
      <LazyImage src={imageUrl(card.largeIcon || card.icon, imageCDNs)} alt="" className="aspect-[16/9] w-full" />
      <span className="truncate px-3 py-2 text-sm font-semibold">{card.displayName}</span>
    </>
  );
  if (card.isGame === 'VASSALAGE') {
    return (
      <button type="button" aria-haspopup="dialog" onClick={() => open('vendorGames', { vendor: card })} className={CARD_CLASS}>
        {content}
      </button>
    );
  }
  return (
    <Link to={to} className={CARD_CLASS}>
      {content}
    </Link>
  );
}
