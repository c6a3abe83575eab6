import * as api from '@tessera/contract/api/back-office-settings';
import { EDITABLE_SETTINGS } from '@tessera/contract/routes/back-office-settings';
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { staffOf } from '../../http/request-context.js';
import { AppError } from '../../platform/app-error.js';
import { SettingsRejected } from './errors.js';
import type { SiteSettingsService } from './service.js';

/** A refusal's reasons as field errors: `/endAt must be…` names the field under `value`, the reason says the rest. */
const rejectionFields = (reasons: string[]) =>
  reasons.map((reason) => {
    const path = /^(\/\S*)\s/.exec(reason)?.[1] ?? '';
    return {
      field: `body/value${path === '/' ? '' : path}`,
      key: 'validation.rejected',
      params: { reason: reason.slice(path.length).trim() },
    };
  });

/** The settings screen's calls: the site settings service, so its checks, cache invalidation and audit apply. */
export function siteSettingsBackOfficeRoutes(
  app: FastifyInstance,
  http: HttpContext,
  { siteSettings }: { siteSettings: SiteSettingsService },
) {
  registerCall(app, http, api.settingsGet, async (request) => {
    const settings = await siteSettings.get(request.merchantCode, 0);
    if (!settings) throw new AppError('request.invalid');
    return Object.fromEntries(EDITABLE_SETTINGS.map((key) => [key, settings[key]])) as never;
  });

  registerCall(app, http, api.settingsSet, async (request) => {
    const { key, value } = request.body;
    try {
      return await siteSettings.set(request.merchantCode, key, value as never, `staff:${staffOf(request).name}`);
    } catch (error) {
      if (error instanceof SettingsRejected) throw new AppError('settings.rejected', { fields: rejectionFields(error.reasons) });
      throw error;
    }
  });
}
