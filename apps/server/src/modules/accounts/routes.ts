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
import { registerCall } from '../../http/register-call.js';
import { registerRelay } from '../../http/relay.js';
import type { AppServices } from '../../http/services.js';
import { AppError } from '../../platform/app-error.js';
import { botCheckRoutes } from '../bot-check/routes.js';
import { BotCheckService } from '../bot-check/service.js';
import { captchaRoutes } from '../captcha/routes.js';
import { CaptchaService } from '../captcha/service.js';
import { RsaKeyStore } from '../crypto-entry/key-store.js';
import { cryptoEntryRoutes, registerEncryptedCall } from '../crypto-entry/routes.js';
import { resolveSecretKey } from '../crypto-entry/secret-key.js';
import { EncryptedEntries } from '../crypto-entry/service.js';
import { loginVerificationRoutes } from '../login-verification/routes.js';
import { LoginVerificationService } from '../login-verification/service.js';
import { OutboxMailer } from '../mailer/service.js';
import { OutboxSmsProvider, SmsService } from '../sms/service.js';
import { MemberProfileService } from './profile.js';
import { AccountsService, type RequestContext } from './service.js';

const FORM_BODY_LIMIT_BYTES = 4096;

const contextOf = (request: FastifyRequest): RequestContext => ({
  merchantCode: request.merchantCode,
  ip: request.ip,
  settings: request.siteSettings,
});

const sessionOf = (request: FastifyRequest) => {
  if (!request.session) throw new AppError('login.not.session');
  return request.session;
};

/** Accounts, captcha and encrypted entries: one line in app.ts wires the whole account area. */
export function accountRoutes(app: FastifyInstance, services: AppServices) {
  const secretKey = resolveSecretKey(services.config.secretKey, services.config.dataDir);
  const entries = new EncryptedEntries(services.db, new RsaKeyStore(services.db, secretKey));
  const captcha = new CaptchaService(services.db);
  const smsProvider = new OutboxSmsProvider(services.db, app.log);
  const mailer = new OutboxMailer(services.db, app.log);
  const sms = new SmsService(services.db, smsProvider);
  // --- bot check and new-address login verification (issue 4 items 7 and 5) ---
  const botCheck = new BotCheckService(services.db, secretKey);
  const directory = { contact: (memberId: bigint) => accounts.contact(memberId) };
  const verification = new LoginVerificationService(services.db, directory, smsProvider, mailer);
  const accounts = new AccountsService(services.db, captcha, mailer, sms, botCheck, verification);
  botCheckRoutes(app, services, botCheck);
  loginVerificationRoutes(app, services, verification, (ctx, held) => accounts.resumeHeldLogin(ctx, held));
  // --- end ---

  cryptoEntryRoutes(app, services, entries);
  captchaRoutes(app, services, captcha);

  registerEncryptedCall(app, services, entries, login, async (request) => accounts.login(contextOf(request), request.body));
  registerEncryptedCall(app, services, entries, register, async (request) => accounts.register(contextOf(request), request.body));
  registerEncryptedCall(app, services, entries, registerMobile, async (request) =>
    accounts.register(contextOf(request), request.body, 'mobile'),
  );
  registerEncryptedCall(app, services, entries, setPasswordByPhone, async (request) =>
    accounts.setPasswordByPhone(contextOf(request), request.body),
  );
  registerCall(app, services, sendRegisterSms, async (request) =>
    accounts.sendRegisterCode(
      contextOf(request),
      request.body.mobileNo ?? request.body.username,
      request.body.countryDialingCode,
    ),
  );
  registerCall(app, services, sendLoginSms, async (request) =>
    accounts.sendLoginCode(contextOf(request), request.body.mobileNum, request.body.countryDialingCode),
  );
  registerEncryptedCall(app, services, entries, changePassword, async (request) => {
    await accounts.changePassword(contextOf(request), sessionOf(request), request.body);
    return null;
  });
  registerEncryptedCall(app, services, entries, resetPassword, async (request) => {
    await accounts.resetPassword(contextOf(request), request.body);
    return null;
  });

  registerCall(app, services, loginFreePlay, async (request) => {
    const { os, platform, loginDeviceId } = request.body;
    const registration: Record<string, string> = {};
    if (os) registration.os = os;
    if (platform) registration.platform = platform;
    if (loginDeviceId) registration.loginDeviceId = loginDeviceId;
    return accounts.freePlay(contextOf(request), registration);
  });
  registerCall(app, services, logout, async (request) => {
    await accounts.logout(sessionOf(request));
    return null;
  });
  registerCall(app, services, getAffiliate, async (request) => {
    await accounts.resolveAffiliate(request.merchantCode, request.query.code, request.query.domain);
    return { code: request.query.code.trim(), valid: true as const };
  });
  // first-login nickname and language update (spec §4, §7.1)
  const profile = new MemberProfileService(services.db);
  registerCall(app, services, setNickname, async (request) => profile.setNickname(sessionOf(request), request.body.nickname));
  registerCall(app, services, setLanguage, async (request) => {
    await profile.setLanguage(request.siteSettings, sessionOf(request), request.body.language);
    return null;
  });
  registerCall(app, services, getMemberInfo, async (request) => accounts.info(sessionOf(request)));
  registerRelay(app, services, getPlayerAvatar, async (request) => accounts.avatar(sessionOf(request)));
  registerCall(app, services, getMemberIcon, async (request) => accounts.avatar(sessionOf(request)));

  // Spec §7.1: forgot password is a form POST; JSON is accepted too.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    registerCall(scope, services, forgotPasswordByEmail, async (request) =>
      accounts.forgotPassword(contextOf(request), request.body),
    );
  });
}
