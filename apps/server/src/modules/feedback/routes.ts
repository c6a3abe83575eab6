import multipart from '@fastify/multipart';
import { submitFeedback } from '@tessera/contract/api/feedback';
import { FEATURES, isFeatureEnabled } from '@tessera/contract/features';
import { HEADERS } from '@tessera/contract/headers';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerCall } from '../../http/register-call.js';
import type { AppServices } from '../../http/services.js';
import { AppError } from '../../platform/app-error.js';
import { requestLanguage } from '../content/language.js';
import { verifyToken } from '../sessions/service.js';
import { FEEDBACK_MULTIPART_OPTIONS, readFeedbackForm } from './form.js';
import { FeedbackService } from './service.js';

/** `PUT /wps/feedback` (spec §7.4): token-free, multipart; its own scope so only this route parses multipart. */
export function feedbackRoutes(app: FastifyInstance, services: AppServices) {
  const feedback = new FeedbackService(services.db);

  // Token-free, but a player who is logged in gets the feedback linked to the account; a stale token is no error.
  const memberOf = async (request: FastifyRequest) => {
    const token = request.headers[HEADERS.authorization];
    if (typeof token !== 'string' || token === '') return null;
    return (await verifyToken(services.db, token, request.merchantCode))?.memberId ?? null;
  };

  app.register(async (scope) => {
    await scope.register(multipart, FEEDBACK_MULTIPART_OPTIONS);
    registerCall(scope, services, submitFeedback, async (request) => {
      // The operator can switch the feedback form off in the whitelabel tree (FEEDBACK3).
      if (!isFeatureEnabled(request.siteSettings.whitelabel, FEATURES.feedback)) throw new AppError('function.not.available');
      if (!(await feedback.allowAttempt(request.ip, Date.now()))) throw new AppError('rate.limited');
      const form = await readFeedbackForm(request);
      return feedback.submit(
        {
          merchantCode: request.merchantCode,
          memberId: await memberOf(request),
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
          language: requestLanguage(request.headers[HEADERS.language]),
        },
        form,
      );
    });
  });
}
