import {
  changePassword,
  forgotPasswordByEmail,
  getAffiliate,
  getMemberIcon,
  getMemberInfo,
  getPlayerAvatar,
  login,
  loginFreePlay,
  logout,
  register,
  registerMobile,
  resetPassword,
  sendLoginSms,
  sendRegisterSms,
  setPasswordByPhone,
} from '@tessera/contract/api/accounts';
import { setLanguage, setNickname } from '@tessera/contract/api/member-profile';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { registerEncryptedCall } from '../../http/register-encrypted-call.js';
import { registerRelay } from '../../http/relay.js';
import { sessionOf } from '../../http/request-context.js';
import type { MemberProfileService } from './profile.js';
import type { AccountsService, RequestContext } from './service.js';

const FORM_BODY_LIMIT_BYTES = 4096;

const contextOf = (request: FastifyRequest): RequestContext => ({
  merchantCode: request.merchantCode,
  ip: request.ip,
  settings: request.siteSettings,
});

/** Sign-up, login, passwords, free play and the member's own profile. */
export function accountRoutes(
  app: FastifyInstance,
  http: HttpContext,
  { accounts, memberProfile: profile }: { accounts: AccountsService; memberProfile: MemberProfileService },
) {
  registerEncryptedCall(app, http, login, async (request) => accounts.login(contextOf(request), request.body));
  registerEncryptedCall(app, http, register, async (request) => accounts.register(contextOf(request), request.body));
  registerEncryptedCall(app, http, registerMobile, async (request) =>
    accounts.register(contextOf(request), request.body, 'mobile'),
  );
  registerEncryptedCall(app, http, setPasswordByPhone, async (request) =>
    accounts.setPasswordByPhone(contextOf(request), request.body),
  );
  registerCall(app, http, sendRegisterSms, async (request) =>
    accounts.sendRegisterCode(
      contextOf(request),
      request.body.mobileNo ?? request.body.username,
      request.body.countryDialingCode,
    ),
  );
  registerCall(app, http, sendLoginSms, async (request) =>
    accounts.sendLoginCode(contextOf(request), request.body.mobileNum, request.body.countryDialingCode),
  );
  registerEncryptedCall(app, http, changePassword, async (request) => {
    await accounts.changePassword(contextOf(request), sessionOf(request), request.body);
    return null;
  });
  registerEncryptedCall(app, http, resetPassword, async (request) => {
    await accounts.resetPassword(contextOf(request), request.body);
    return null;
  });

  registerCall(app, http, loginFreePlay, async (request) => {
    const { os, platform, loginDeviceId } = request.body;
    const registration: Record<string, string> = {};
    if (os) registration.os = os;
    if (platform) registration.platform = platform;
    if (loginDeviceId) registration.loginDeviceId = loginDeviceId;
    return accounts.freePlay(contextOf(request), registration);
  });
  registerCall(app, http, logout, async (request) => {
    await accounts.logout(sessionOf(request));
    return null;
  });
  registerCall(app, http, getAffiliate, async (request) => {
    await accounts.resolveAffiliate(request.merchantCode, request.query.code, request.query.domain);
    return { code: request.query.code.trim(), valid: true as const };
  });
  // first-login nickname and language update (spec §4, §7.1)
  registerCall(app, http, setNickname, async (request) => profile.setNickname(sessionOf(request), request.body.nickname));
  registerCall(app, http, setLanguage, async (request) => {
    await profile.setLanguage(request.siteSettings, sessionOf(request), request.body.language);
    return null;
  });
  registerCall(app, http, getMemberInfo, async (request) => accounts.info(sessionOf(request)));
  registerRelay(app, http, getPlayerAvatar, async (request) => accounts.avatar(sessionOf(request)));
  registerCall(app, http, getMemberIcon, async (request) => accounts.avatar(sessionOf(request)));

  // Spec §7.1: forgot password is a form POST; JSON is accepted too.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    registerCall(scope, http, forgotPasswordByEmail, async (request) =>
      accounts.forgotPassword(contextOf(request), request.body),
    );
  });
}
