import type { QueryKey } from '@tanstack/react-query';
import type { MemberNotification, NotificationType } from '@tessera/contract/api/notifications';
import { LIVE_EVENTS } from '@tessera/contract/routes/notifications';

type OrderArea = NotificationType extends `${infer Area}.${string}` ? Area : never;

/**
 * Every query a change of orders in one area shows, by key prefix: the area's own pages (order list, limits),
 * the balance, the account record, and the promotions (an approved deposit pays a joined deposit match and ends the
 * first-deposit offers; a withdrawal may forfeit a bonus). Prefixes, not whole keys: the features owning these queries are not
 * imported here, and a prefix covers every page and filter of a list.
 */
const QUERIES_BY_AREA: Record<OrderArea, readonly QueryKey[]> = {
  deposit: [['deposit', 'orders'], ['wallet'], ['records'], ['promotions']],
  withdrawal: [['withdrawal'], ['wallet'], ['records'], ['promotions']],
  rebate: [['wallet'], ['records'], ['promotions']],
};

const areaOf = (type: NotificationType) => type.slice(0, type.indexOf('.')) as OrderArea;

/** The queries a live event makes stale; a balance event also replaces the balance query's data (not listed here). */
export function staleQueriesOf(event: string, data: string): readonly QueryKey[] {
  switch (event) {
    case LIVE_EVENTS.notification:
      return [...QUERIES_BY_AREA[areaOf((JSON.parse(data) as MemberNotification).type)], ['notifications']];
    case LIVE_EVENTS.inbox:
      return [['inbox']];
    case LIVE_EVENTS.balance:
      return [['records']];
    case LIVE_EVENTS.ready:
    case LIVE_EVENTS.resync:
      // Connected (again): anything may have changed while no stream was open.
      return [
        ...new Map(
          Object.values(QUERIES_BY_AREA)
            .flat()
            .map((key) => [JSON.stringify(key), key]),
        ).values(),
        ['notifications'],
        ['inbox'],
      ];
    default:
      return [];
  }
}
