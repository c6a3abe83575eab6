import * as api from '@tessera/contract/api/back-office';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { staffOf } from '../../http/request-context.js';
import type { AuditActor } from '../audit-log/service.js';
import { enrolmentPath } from './enrolment-path.js';
import type { ClientInfo, StaffService } from './service.js';

const clientOf = (request: FastifyRequest): ClientInfo => {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 256) : null };
};

const actorOf = (request: FastifyRequest): AuditActor => ({ actor: staffOf(request).name, kind: 'staff', ip: request.ip });

const meOf = (staff: { name: string; role: string; permissions: api.StaffMe['permissions'] }) => ({
  name: staff.name,
  role: staff.role,
  permissions: staff.permissions,
});

export function staffRoutes(app: FastifyInstance, http: HttpContext, { staff }: { staff: StaffService }) {
  registerCall(app, http, api.enrolmentStart, async (request) => staff.enrolmentStart(request.body.token));

  registerCall(app, http, api.enrolmentComplete, async (request) => {
    const { token, password, code } = request.body;
    return staff.enrolmentComplete(token, password, code, clientOf(request));
  });

  registerCall(app, http, api.login, async (request) => staff.login(request.body.name, request.body.password, clientOf(request)));

  registerCall(app, http, api.secondFactor, async (request) => {
    const { token } = await staff.secondFactor(request.body.challenge, request.body.code, clientOf(request));
    const principal = await staff.verify(token);
    if (!principal) throw new Error('a session just made is not live');
    return { token, me: meOf(principal) };
  });

  registerCall(app, http, api.me, async (request) => meOf(staffOf(request)));

  registerCall(app, http, api.logout, async (request) => {
    await staff.logout(staffOf(request), clientOf(request));
    return null;
  });

  registerCall(app, http, api.sessions, async (request) => staff.sessions(staffOf(request)));

  registerCall(app, http, api.revokeSession, async (request) => {
    await staff.revokeSession(staffOf(request), BigInt(request.body.id), clientOf(request));
    return null;
  });

  registerCall(app, http, api.staffList, async () => staff.list());

  registerCall(app, http, api.staffCreate, async (request) => {
    const created = await staff.create(request.body.name, request.body.role, actorOf(request));
    return {
      id: created.id.toString(),
      enrolmentPath: enrolmentPath(created.enrolmentToken),
      expiresAt: created.expiresAt.getTime(),
    };
  });

  registerCall(app, http, api.roles, async () => staff.roles());

  registerCall(app, http, api.roleUpdate, async (request) => {
    await staff.setRolePermissions(request.body.name, request.body.permissions, actorOf(request));
    return null;
  });

  registerCall(app, http, api.roleCreate, async (request) => {
    await staff.createRole(request.body.name, request.body.permissions, actorOf(request));
    return null;
  });

  registerCall(app, http, api.roleDelete, async (request) => {
    await staff.deleteRole(request.body.name, actorOf(request));
    return null;
  });
}
