import { useEffect, useRef } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { onSessionLost } from '../lib/api-client';
import { useModals } from '../lib/modal-store';
import { useSession } from '../lib/session';

/** Popups a route opens on top of the home page (spec 2.1: /register, /register.html; /login; the mailed reset link). */
export type RoutePopup = 'login' | 'register' | 'resetPassword';
export interface RouteHandle {
  popup?: RoutePopup;
}

/**
 * The popup routes (spec 2.1): /login, /register, /register.html and the mailed /resetPassword link show the home
 * page with their popup open; closing the popup leaves the route for /index with the same query (so an affiliate
 * code survives). A logged-in player who opens /login or /register just sees the home page.
 * Also: when any call answers that the session is gone, say why: 'You are not logged in, please login' (spec §8),
 * or that the account signed in on another device.
 */
export function RoutePopups() {
  const matches = useMatches();
  const popup = (matches.at(-1)?.handle as RouteHandle | undefined)?.popup;
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const stack = useModals((state) => state.stack);
  const opened = useRef<number | null>(null);

  // Route → popup: the router is an outside system to the modal store, so an effect keeps them in step.
  // biome-ignore lint/correctness/useExhaustiveDependencies: one popup per visit of a popup route; a query change on the same route must not open another
  useEffect(() => {
    if (!popup) return;
    const { open } = useModals.getState();
    if (popup !== 'resetPassword' && useSession.getState().token !== null) {
      void navigate({ pathname: '/index', search }, { replace: true });
      return;
    }
    opened.current =
      popup === 'resetPassword'
        ? open('resetPassword', { token: new URLSearchParams(search).get('token') ?? '' })
        : open(popup, {});
  }, [popup, pathname]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `stack` only triggers the check; it reads the store
  useEffect(() => {
    // The store, not this render's `stack`: the popup the effect above has just opened is not in that one yet.
    if (opened.current === null || useModals.getState().stack.some((modal) => modal.key === opened.current)) return;
    opened.current = null;
    if (popup) void navigate({ pathname: '/index', search: popup === 'resetPassword' ? '' : search }, { replace: true });
  }, [stack, popup, search, navigate]);

  useEffect(() => onSessionLost((messageKey) => useModals.getState().open('accountWarning', { messageKey })), []);
  return null;
}
