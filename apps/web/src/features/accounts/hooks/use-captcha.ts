import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { getCaptcha } from '../api/session-calls';

/** Spec §9: the image captcha refreshes at most once per second. */
export const CAPTCHA_REFRESH_MS = 1000;

let nextForm = 0;

/**
 * The image captcha of a form: hidden until `show()` (the server said one is needed) unless shown from the
 * start; `refresh()` asks for a new image at most once per second — a refresh asked for sooner is ignored and
 * the old image stays, unless the image was spent (`isRequired`), which then refreshes when the second is over. Each image is single use, so it is never cached across forms or refreshes.
 */
export function useCaptcha(initiallyShown = false) {
  const [isShown, setShown] = useState(initiallyShown);
  const [form] = useState(() => ++nextForm);
  const [round, setRound] = useState(0);
  const lastRefresh = useRef(0);
  const query = useQuery({
    queryKey: ['accounts', 'captcha', form, round],
    queryFn: getCaptcha,
    enabled: isShown,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });

  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const refresh = ({ isRequired = false }: { isRequired?: boolean } = {}) => {
    const wait = CAPTCHA_REFRESH_MS - (Date.now() - lastRefresh.current);
    if (wait > 0) {
      // A spent image must be replaced (after a failed submit): do it once the second has passed.
      if (isRequired && pending.current === undefined) {
        pending.current = setTimeout(() => {
          pending.current = undefined;
          refresh();
        }, wait);
      }
      return;
    }
    lastRefresh.current = Date.now();
    setRound((value) => value + 1);
  };

  const show = () => {
    lastRefresh.current = Date.now();
    setShown(true);
  };

  return { isShown, captcha: query.data ?? null, isFailed: query.isError, show, refresh };
}
