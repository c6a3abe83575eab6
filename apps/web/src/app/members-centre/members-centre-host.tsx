import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { MEMBERS_CENTRE_PARAM } from '../../lib/members-centre';

const MembersCentre = lazy(() => import('./members-centre').then((m) => ({ default: m.MembersCentre })));

/** Loads the overlay's chunk only when `?mc=` asks for it; nothing shows until it has loaded (spec §2.4). */
export function MembersCentreHost() {
  const [params] = useSearchParams();
  if (!params.has(MEMBERS_CENTRE_PARAM)) return null;
  return (
    <Suspense fallback={null}>
      <MembersCentre />
    </Suspense>
  );
}
