import * as api from '@tessera/contract/api/back-office';
import type { FastifyInstance } from 'fastify';
import { csvExport } from '../../http/csv-export.js';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import type { AuditLog, EntryFilter, StoredEntry } from './service.js';

interface FilterQuery {
  actor?: string;
  action?: string;
  target?: string;
  from?: number;
  to?: number;
}

const toFilter = (query: FilterQuery): EntryFilter => ({
  actor: query.actor,
  action: query.action,
  target: query.target,
  from: query.from === undefined ? undefined : new Date(query.from),
  to: query.to === undefined ? undefined : new Date(query.to),
});

const toAnswer = (entry: StoredEntry) => ({
  seq: entry.seq.toString(),
  at: entry.at.getTime(),
  actor: entry.actor,
  actorKind: entry.actorKind,
  ip: entry.ip,
  merchantCode: entry.merchantCode,
  action: entry.action,
  target: entry.target,
  before: entry.before,
  after: entry.after,
  hash: entry.hash,
});

const CSV_COLUMNS = ['seq', 'at', 'actor', 'actor_kind', 'ip', 'merchant', 'action', 'target', 'before', 'after', 'hash'];

export function auditLogRoutes(app: FastifyInstance, http: HttpContext, { auditLog }: { auditLog: AuditLog }) {
  registerCall(app, http, api.auditList, async (request) => {
    const pageSize = request.query.pageSize ?? 25;
    const page = request.query.page ?? 1;
    const { entries, total } = await auditLog.page(toFilter(request.query), (page - 1) * pageSize, pageSize);
    return { entries: entries.map(toAnswer), total };
  });

  registerCall(app, http, api.auditExport, async (request) => {
    const { entries, total } = await auditLog.page(toFilter(request.query), 0, api.AUDIT_EXPORT_MAX);
    const rows = entries.map((entry) => [
      entry.seq.toString(),
      entry.at.toISOString(),
      entry.actor,
      entry.actorKind,
      entry.ip ?? '',
      entry.merchantCode ?? '',
      entry.action,
      entry.target ?? '',
      entry.before === null ? '' : JSON.stringify(entry.before),
      entry.after === null ? '' : JSON.stringify(entry.after),
      entry.hash,
    ]);
    return csvExport(CSV_COLUMNS, rows, total);
  });
}
