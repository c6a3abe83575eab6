import { launchGame } from '@tessera/contract/api/games';
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { answerLanguage, sessionOf } from '../../http/request-context.js';
import type { LaunchService } from './launch.js';

/** Game launch (spec §2.1, §3). */
export function gameRoutes(app: FastifyInstance, http: HttpContext, { launcher }: { launcher: LaunchService }) {
  registerCall(app, http, launchGame, async (request) =>
    launcher.launch(sessionOf(request), request.siteSettings, request.body, answerLanguage(request, request.body.language)),
  );
}
