import { useSearchParams } from 'react-router';
import { passesGate } from './gated-action';
import { MEMBERS_CENTRE_PARAM, type MembersCentrePageKey } from './members-centre';

/** Opens a members-centre page from anywhere: a gated entry that passes puts the page in the URL (`?mc=`). */
export function useMembersCentreEntry() {
  const [, setSearchParams] = useSearchParams();
  return (page: MembersCentrePageKey) => {
    if (!passesGate()) return;
    setSearchParams(
      (params) => {
        params.set(MEMBERS_CENTRE_PARAM, page);
        return params;
      },
      { replace: false },
    );
  };
}
