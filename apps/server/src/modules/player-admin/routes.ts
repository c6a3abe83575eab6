import * as api from '@tessera/contract/api/back-office-players';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { staffOf } from '../../http/request-context.js';
import type { AuditActor } from '../audit-log/service.js';
import type { PlayerAdminService, Viewer } from './service.js';

const actorOf = (request: FastifyRequest): AuditActor => ({ actor: staffOf(request).name, kind: 'staff', ip: request.ip });
const viewerOf = (request: FastifyRequest): Viewer => ({ pii: staffOf(request).permissions.includes('players.pii') });

interface SearchQuery {
  by: 'account' | 'mobile' | 'email' | 'ip' | 'bank';
  q: string;
  sort?: 'account' | 'createdAt' | 'lastLoginAt';
  order?: 'asc' | 'desc';
}
interface RowsQuery {
  id: string;
  from?: number;
  to?: number;
  order?: 'asc' | 'desc';
}

const searchOf = (request: FastifyRequest, query: SearchQuery) => ({
  merchantCode: request.merchantCode,
  by: query.by,
  q: query.q,
  sort: query.sort ?? 'createdAt',
  order: query.order ?? 'desc',
});
const rowsFilterOf = (query: RowsQuery) => ({
  memberId: BigInt(query.id),
  from: query.from === undefined ? undefined : new Date(query.from),
  to: query.to === undefined ? undefined : new Date(query.to),
  order: query.order ?? 'desc',
});

export function playerAdminRoutes(app: FastifyInstance, http: HttpContext, { playerAdmin }: { playerAdmin: PlayerAdminService }) {
  registerCall(app, http, api.playerSearch, async (request) => {
    const pageSize = request.query.pageSize ?? 25;
    const page = request.query.page ?? 1;
    return playerAdmin.search(viewerOf(request), searchOf(request, request.query), (page - 1) * pageSize, pageSize);
  });

  registerCall(app, http, api.playerSearchExport, async (request) =>
    playerAdmin.searchCsv(viewerOf(request), searchOf(request, request.query)),
  );

  registerCall(app, http, api.player, async (request) =>
    playerAdmin.profile(viewerOf(request), request.merchantCode, BigInt(request.query.id)),
  );

  registerCall(app, http, api.playerRows, async (request) => {
    const pageSize = request.query.pageSize ?? 25;
    const page = request.query.page ?? 1;
    return playerAdmin.rows(
      request.merchantCode,
      request.query.table,
      rowsFilterOf(request.query),
      (page - 1) * pageSize,
      pageSize,
    );
  });

  registerCall(app, http, api.playerRowsExport, async (request) =>
    playerAdmin.rowsCsv(request.merchantCode, request.query.table, rowsFilterOf(request.query)),
  );

  registerCall(app, http, api.playerLock, async (request) => {
    await playerAdmin.setLocked(request.merchantCode, BigInt(request.body.id), request.body.locked, actorOf(request));
    return null;
  });

  registerCall(app, http, api.playerRequirePasswordChange, async (request) => {
    await playerAdmin.requirePasswordChange(request.merchantCode, BigInt(request.body.id), actorOf(request));
    return null;
  });

  registerCall(app, http, api.playerSetType, async (request) => {
    await playerAdmin.setType(request.merchantCode, BigInt(request.body.id), request.body.agentType, actorOf(request));
    return null;
  });

  registerCall(app, http, api.playerForgetAddresses, async (request) => {
    await playerAdmin.forgetAddresses(request.merchantCode, BigInt(request.body.id), actorOf(request));
    return null;
  });

  registerCall(app, http, api.playerResetTwoFactor, async (request) => {
    await playerAdmin.resetTwoFactor(request.merchantCode, BigInt(request.body.id), actorOf(request));
    return null;
  });

  registerCall(app, http, api.playerLiftTimeOut, async (request) => {
    await playerAdmin.liftTimeOut(request.merchantCode, BigInt(request.body.id), actorOf(request));
    return null;
  });

  registerCall(app, http, api.playerAddNote, async (request) => {
    const id = await playerAdmin.addNote(request.merchantCode, BigInt(request.body.id), request.body.text, actorOf(request));
    return { id: id.toString() };
  });
}
