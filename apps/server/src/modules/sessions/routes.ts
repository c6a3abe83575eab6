import { loginHistory, signOutOthers } from '@tessera/contract/api/inbox';
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { sessionOf } from '../../http/request-context.js';
import type { LoginHistory } from './login-history.js';

/** The member's sign-in history and "sign out other sessions" (security centre). */
export function loginHistoryRoutes(
  app: FastifyInstance,
  http: HttpContext,
  { loginHistory: history }: { loginHistory: LoginHistory },
) {
  registerCall(app, http, loginHistory, async (request) => history.list(sessionOf(request)));
  registerCall(app, http, signOutOthers, async (request) => history.signOutOthers(sessionOf(request)));
}
