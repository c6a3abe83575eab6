import multipart from '@fastify/multipart';
import { submitFeedback } from '@tessera/contract/api/feedback';
import { FEATURES, isFeatureEnabled } from '@tessera/contract/features';
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { optionalMemberOf, requestedLanguage } from '../../http/request-context.js';
import { AppError } from '../../platform/app-error.js';
import { FEEDBACK_MULTIPART_OPTIONS, readFeedbackForm } from './form.js';
import type { FeedbackService } from './service.js';

/**
 * `PUT /wps/feedback` (spec §7.4): multipart, in its own scope so only this route parses multipart. Token-free, but
 * a player who is logged in gets the feedback linked to the account (`auth: 'optional'`).
 */
export function feedbackRoutes(app: FastifyInstance, http: HttpContext, { feedback }: { feedback: FeedbackService }) {
  app.register(async (scope) => {
    await scope.register(multipart, FEEDBACK_MULTIPART_OPTIONS);
    registerCall(scope, http, submitFeedback, async (request) => {
      // The operator can switch the feedback form off in the whitelabel tree (FEEDBACK3).
      if (!isFeatureEnabled(request.siteSettings.whitelabel, FEATURES.feedback)) throw new AppError('function.not.available');
      if (!(await feedback.allowAttempt(request.ip, Date.now()))) throw new AppError('rate.limited');
      const form = await readFeedbackForm(request);
      return feedback.submit(
        {
          merchantCode: request.merchantCode,
          memberId: optionalMemberOf(request),
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
          language: requestedLanguage(request),
        },
        form,
      );
    });
  });
}
