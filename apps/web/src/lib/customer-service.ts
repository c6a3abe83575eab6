import type { CustomerServiceEntry } from '@tessera/contract/settings';
import { useModals } from './modal-store';

/** Spec §9: the service window is 440×750. */
const SERVICE_WINDOW = 'width=440,height=750,noopener=no';
/** Spec §4: a rank level above 4 gets the VIP service line, everyone else live chat. */
const VIP_RANK_ABOVE = 4;

/** A web address or a path of the site: the service window never runs a `javascript:` or `data:` link. */
const isWebAddress = (path: string) => /^(https?:\/\/|\/(?!\/))/i.test(path.trim());

export function pickServiceEntry(entries: readonly CustomerServiceEntry[], rankLevel = 0): CustomerServiceEntry | undefined {
  const wanted = rankLevel > VIP_RANK_ABOVE ? 'VIP' : 'LIVECHAT';
  const usable = entries.filter((entry) => isWebAddress(entry.path));
  return usable.find((entry) => entry.csType === wanted) ?? usable[0];
}

export type OpenServiceResult = 'opened' | 'blocked' | 'unavailable';

/** Opens customer service in a popup window (spec §4). */
export function openCustomerService(entries: readonly CustomerServiceEntry[], rankLevel = 0): OpenServiceResult {
  const entry = pickServiceEntry(entries, rankLevel);
  if (!entry) return 'unavailable';
  const popup = window.open(entry.path, 'tessera-customer-service', SERVICE_WINDOW);
  if (!popup) return 'blocked';
  popup.opener = null;
  return 'opened';
}

/**
 * Customer service from anywhere on the site: a merchant's own provider (a web address) opens in its window, otherwise
 * the site's chat room (its VIP queue serves ranks above 4); null when the chat room opened.
 */
export function openServiceOrChat(entries: readonly CustomerServiceEntry[], rankLevel = 0): OpenServiceResult | null {
  const entry = pickServiceEntry(entries, rankLevel);
  if (entry && /^https?:\/\//i.test(entry.path)) return openCustomerService(entries, rankLevel);
  useModals.getState().open('chatRoom', {});
  return null;
}
