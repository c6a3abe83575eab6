import multipart from '@fastify/multipart';
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
import {
  chooseAvatar,
  getProfile,
  setLanguage,
  setNickname,
  updateProfile,
  uploadAvatar,
} from '@tessera/contract/api/member-profile';
import { sendContactCode, sendPasswordResetSms, verifyContact } from '@tessera/contract/api/recovery-contacts';
import { AVATAR_MEDIA_PREFIX } from '@tessera/contract/avatar-limits';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { registerEncryptedCall } from '../../http/register-encrypted-call.js';
import { registerRelay } from '../../http/relay.js';
import { answerLanguage, memberOf, sessionOf } from '../../http/request-context.js';
import { deviceOf } from '../../platform/device.js';
import type { AvatarService } from './avatar.js';
import { AVATAR_MULTIPART_OPTIONS, readAvatarUpload } from './avatar-form.js';
import type { LoginService } from './login.js';
import type { LoginSessions, RequestContext } from './login-session.js';
import type { MemberInfoService } from './member-info.js';
import type { PasswordService } from './passwords.js';
import type { PhoneAccountsService } from './phone.js';
import type { MemberProfileService } from './profile.js';
import type { ProfilePageService } from './profile-page.js';
import type { RecoveryContactsService } from './recovery-contacts.js';
import type { RegistrationService } from './registration.js';

export interface AccountRouteServices {
  login: LoginService;
  loginSessions: LoginSessions;
  registration: RegistrationService;
  phoneAccounts: PhoneAccountsService;
  passwords: PasswordService;
  memberInfo: MemberInfoService;
  memberProfile: MemberProfileService;
  recoveryContacts: RecoveryContactsService;
  profilePage: ProfilePageService;
  avatars: AvatarService;
}

const FORM_BODY_LIMIT_BYTES = 4096;

const contextOf = (request: FastifyRequest): RequestContext => ({
  merchantCode: request.merchantCode,
  ip: request.ip,
  settings: request.siteSettings,
  language: answerLanguage(request),
  device: deviceOf(request.headers['user-agent']),
});

/** Sign-up, login, passwords and their recovery, free play and the member's own profile. */
export function accountRoutes(
  app: FastifyInstance,
  http: HttpContext,
  {
    login: logins,
    loginSessions,
    registration,
    phoneAccounts,
    passwords,
    memberInfo,
    memberProfile: profile,
    recoveryContacts,
    profilePage,
    avatars,
  }: AccountRouteServices,
) {
  registerEncryptedCall(app, http, login, async (request) => logins.login(contextOf(request), request.body));
  registerEncryptedCall(app, http, register, async (request) => registration.register(contextOf(request), request.body));
  registerEncryptedCall(app, http, registerMobile, async (request) =>
    registration.register(contextOf(request), request.body, 'mobile'),
  );
  registerEncryptedCall(app, http, setPasswordByPhone, async (request) =>
    phoneAccounts.setPasswordByPhone(contextOf(request), request.body),
  );
  registerCall(app, http, sendRegisterSms, async (request) =>
    phoneAccounts.sendRegisterCode(
      contextOf(request),
      request.body.mobileNo ?? request.body.username,
      request.body.countryDialingCode,
    ),
  );
  registerCall(app, http, sendLoginSms, async (request) =>
    phoneAccounts.sendLoginCode(contextOf(request), request.body.mobileNum, request.body.countryDialingCode),
  );
  registerCall(app, http, sendPasswordResetSms, async (request) =>
    phoneAccounts.sendResetCode(contextOf(request), request.body.mobileNum, request.body.countryDialingCode),
  );
  registerEncryptedCall(app, http, sendContactCode, async (request) =>
    recoveryContacts.sendCode(contextOf(request), memberOf(request), request.body),
  );
  registerCall(app, http, verifyContact, async (request) => {
    await recoveryContacts.verify(contextOf(request), memberOf(request), request.body.channel, request.body.code);
    return null;
  });
  registerEncryptedCall(app, http, changePassword, async (request) => {
    await passwords.changePassword(contextOf(request), sessionOf(request), request.body);
    return null;
  });
  registerEncryptedCall(app, http, resetPassword, async (request) => {
    await passwords.resetPassword(contextOf(request), request.body);
    return null;
  });

  registerCall(app, http, loginFreePlay, async (request) => {
    const { os, platform, loginDeviceId } = request.body;
    const device: Record<string, string> = {};
    if (os) device.os = os;
    if (platform) device.platform = platform;
    if (loginDeviceId) device.loginDeviceId = loginDeviceId;
    return registration.freePlay(contextOf(request), device);
  });
  registerCall(app, http, logout, async (request) => {
    await loginSessions.end(sessionOf(request));
    return null;
  });
  registerCall(app, http, getAffiliate, async (request) => {
    await registration.resolveAffiliate(request.merchantCode, request.query.code, request.query.domain);
    return { code: request.query.code.trim(), valid: true as const };
  });
  // first-login nickname and language update (spec §4, §7.1)
  registerCall(app, http, setNickname, async (request) => profile.setNickname(sessionOf(request), request.body.nickname));
  registerCall(app, http, setLanguage, async (request) => {
    await profile.setLanguage(request.siteSettings, sessionOf(request), request.body.language);
    return null;
  });
  registerCall(app, http, getProfile, async (request) => profilePage.read(request.siteSettings, sessionOf(request)));
  registerCall(app, http, updateProfile, async (request) =>
    profilePage.update(request.siteSettings, sessionOf(request), request.body),
  );
  registerCall(app, http, chooseAvatar, async (request) => avatars.choose(sessionOf(request), request.body.avatar));
  app.register(async (scope) => {
    await scope.register(multipart, AVATAR_MULTIPART_OPTIONS);
    registerCall(scope, http, uploadAvatar, async (request) => {
      // The token is checked before the body is read (an onRequest hook): a stranger's upload is never parsed.
      const session = sessionOf(request);
      return avatars.upload(session, await readAvatarUpload(request));
    });
  });
  // Public and immutable: the random name changes with every upload. Its own CSP refuses anything but the picture,
  // in case a browser is ever led to open it as a page.
  app.get<{ Params: { file: string } }>(`${AVATAR_MEDIA_PREFIX}:file`, async (request, reply) => {
    const picture = await avatars.picture(request.params.file);
    if (!picture) return reply.code(404).header('cache-control', 'no-store').type('text/plain').send('Not found');
    return reply
      .type(picture.mime)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'same-origin')
      .send(picture.data);
  });
  registerCall(app, http, getMemberInfo, async (request) => memberInfo.info(sessionOf(request)));
  registerRelay(app, http, getPlayerAvatar, async (request) => memberInfo.avatar(sessionOf(request)));
  registerCall(app, http, getMemberIcon, async (request) => memberInfo.avatar(sessionOf(request)));

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
      passwords.forgotPassword(contextOf(request), request.body),
    );
  });
}
