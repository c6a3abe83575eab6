/**
 * NOTIFY channels the database itself sends on (triggers of migration `2026-11-27-0700-change-notifications`), so
 * every writer — a server instance, the operator CLI, an import, a hand-run SQL statement — invalidates the
 * per-process caches of what it changed. Announce on a cache channel only through `notify_change` (migration
 * `2026-12-01-0200-own-change-notices`), never `pg_notify`: beside the NOTIFY for the other instances, its NOTICE is
 * how the writing instance's own caches hear the change before the write's call returns.
 */

/** Payload: the member id whose account type or status, or whose self-exclusions, changed. */
export const MEMBER_CHANGED_CHANNEL = 'member_changed';

/** Payload: empty. Any write to a merchant's catalogue games or vendors. */
export const CATALOGUE_CHANGED_CHANNEL = 'catalogue_changed';
