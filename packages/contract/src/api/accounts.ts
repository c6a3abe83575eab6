import { type Static, Type } from 'typebox';
import * as routes from '../routes/accounts.js';
import { BotCheckPayload } from './bot-check.js';
import { defineCall } from './call.js';
import { LoginVerificationRequired } from './login-challenge.js';
import { GoogleCode } from './two-factor.js';

/*
 * Accounts (spec §2.3, §3, §4, §5, §7.1): sessions, login, registration, passwords, member info, captcha.
 * Field bounds below are the outer limits every request obeys; the merchant's register rules (pattern ids,
 * min/max) are checked on top of them by the server.
 */

/** Agent types (spec §5, §9): 0 member; 1, 2, 41, 42 agents (agent centre); 4 trial (free play). */
export const AGENT_TYPES = { member: 0, agent: 1, generalAgent: 2, agent41: 41, agent42: 42, trial: 4 } as const;
export const AGENT_CENTRE_TYPES: readonly number[] = [1, 2, 41, 42];
export const TRIAL_TYPE = 4;
/** Types that may sign in to the player site with a password; every other stored type is a non-member. */
export const PLAYER_SITE_TYPES: readonly number[] = [0, 1, 2, 41, 42];
export const AgentType = Type.Union([0, 1, 2, 4, 41, 42].map((value) => Type.Literal(value)));

/** Spec §9: the default weak password that forces a change. */
export const DEFAULT_WEAK_PASSWORD = '123456';

const DialCode = Type.String({ pattern: '^\\+?[0-9]{1,4}$', description: 'Country dialing code, e.g. 880 or +880' });
const text = (maxLength: number, description?: string) => Type.String({ maxLength, ...(description ? { description } : {}) });
const CaptchaAnswer = Type.Object({
  captchaId: Type.Optional(Type.String({ maxLength: 64, description: 'The id returned with the image by GET /wps/captcha' })),
  captcha: Type.Optional(text(10, 'What the image shows')),
});

export const RsaKey = Type.Object({
  keyId: Type.String(),
  publicKey: Type.String({ description: 'RSA-OAEP (SHA-256) 2048-bit public key, SPKI DER in base64' }),
  algorithm: Type.Literal('RSA-OAEP-256+A256GCM'),
  expiresAt: Type.Integer({ description: 'Epoch ms after which a new key is served (the old one is accepted a while longer)' }),
});
export type RsaKey = Static<typeof RsaKey>;

export const getRsaKey = defineCall(routes.getRsaKey, {
  tags: ['accounts'],
  summary: 'The current public key that seals encrypted entries (rotates daily)',
  value: RsaKey,
});

export const LoginResult = Type.Object({
  token: Type.String({ description: 'Opaque session token: send it bare in the Authorization header' }),
  id: Type.Integer(),
  userName: Type.String(),
  nickname: Type.Union([Type.String(), Type.Null()]),
  customerType: Type.Integer({ description: 'Agent type (0 member, 1/2/41/42 agent, 4 trial)' }),
  firstTimeLogin: Type.Boolean(),
  passwordExpired: Type.Boolean({ description: 'Older than the maximum age while PWDEXPFORCECHANGE3 is on' }),
  passwordChangeRequired: Type.Boolean({ description: 'Spec §4: the password is 123456 or expired: open the forced change' }),
  passwordChangeGrant: Type.Union([Type.String(), Type.Null()], {
    description: 'Single-use, 10-minute grant that replaces oldPassword in POST /wps/member/password',
  }),
  lastLoginIp: Type.Union([Type.String(), Type.Null()], { description: 'Address of the previous login' }),
});
export type LoginResult = Static<typeof LoginResult>;

export const LoginBody = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.String({ minLength: 1, maxLength: 128 }),
    type: Type.Optional(
      Type.Union([Type.Literal('username'), Type.Literal('sms')], {
        description: "'sms': username is the mobile number and password the SMS code",
      }),
    ),
    countryDialingCode: Type.Optional(DialCode),
    loginDeviceId: Type.Optional(text(64)),
    ...CaptchaAnswer.properties,
    botCheck: Type.Optional(BotCheckPayload), // bot check (BOTCHECK3)
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export const login = defineCall(routes.login, {
  tags: ['accounts'],
  summary: 'Log in by username and password (encrypted entry; image captcha after 3 failures, 5-minute lock after 5)',
  body: LoginBody,
  // From a new address (NEWIPVERIF3) the answer is a verification ticket instead of a session.
  value: Type.Union([LoginResult, LoginVerificationRequired]),
});
/** What `POST /wps/session/login` answers: a session, or the ticket of a login that needs verification. */
export type LoginAnswer = LoginResult | LoginVerificationRequired;

export const FreePlayBody = Type.Object(
  {
    os: Type.Optional(text(40)),
    platform: Type.Optional(text(10)),
    random: Type.Optional(text(512, 'The original client sends an RSA-encrypted random string; accepted and ignored')),
    loginDeviceId: Type.Optional(text(64)),
  },
  { additionalProperties: false },
);

export const loginFreePlay = defineCall(routes.loginFreePlay, {
  tags: ['accounts'],
  summary: 'Start a trial (agent type 4) account with play money and log it in (FREEPLAY3)',
  body: FreePlayBody,
  value: LoginResult,
});

export const logout = defineCall(routes.logout, {
  tags: ['accounts'],
  summary: 'End this session',
  value: Type.Null(),
});

export const Captcha = Type.Object({
  captchaId: Type.String(),
  image: Type.String({ description: 'PNG image, base64 (no data: prefix)' }),
  expiresAt: Type.Integer({ description: 'Epoch ms' }),
});
export type Captcha = Static<typeof Captcha>;

export const getCaptcha = defineCall(routes.getCaptcha, {
  tags: ['accounts'],
  summary: 'A new image captcha (single use, 2 minutes, at most one per second per address)',
  value: Captcha,
});

/** Optional profile fields of registration (spec §3), each checked by its register rule when one exists. */
export const PROFILE_FIELDS = [
  'payeeName',
  'email',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'telegram',
  'zalo',
  'idNumber',
  'birthday',
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
  'placeOfBirth',
  'fullName',
  'recommenderId',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

const ProfileProperties = Type.Object({
  payeeName: Type.Optional(text(200)),
  email: Type.Optional(text(200)),
  qqNum: Type.Optional(text(200)),
  line: Type.Optional(text(200)),
  whatsapp: Type.Optional(text(200)),
  facebook: Type.Optional(text(200)),
  wechat: Type.Optional(text(200)),
  telegram: Type.Optional(text(200)),
  zalo: Type.Optional(text(200)),
  idNumber: Type.Optional(text(200)),
  birthday: Type.Optional(text(200)),
  address: Type.Optional(text(200)),
  nationality: Type.Optional(text(200)),
  occupation: Type.Optional(text(200)),
  sourceOfIncome: Type.Optional(text(200)),
  placeOfBirth: Type.Optional(text(200)),
  fullName: Type.Optional(text(200)),
  recommenderId: Type.Optional(text(200)),
});

export const RegisterBody = Type.Object(
  {
    username: Type.String({ maxLength: 64 }),
    password: Type.String({ maxLength: 128 }),
    confirmPassword: Type.String({ maxLength: 128 }),
    ...ProfileProperties.properties,
    mobileNum: Type.Optional(text(20)),
    countryDialingCode: Type.Optional(DialCode),
    paymentPassword: Type.Optional(text(64)),
    affiliateCode: Type.Optional(text(40)),
    referralCode: Type.Optional(text(40)),
    signupPromotionId: Type.Optional(
      Type.String({
        pattern: '^[1-9][0-9]{0,18}$',
        description: 'The sign-up bonus the player opted into on the form; claimed once the account exists',
      }),
    ),
    verificationCode: Type.Optional(text(10)),
    termsAccepted: Type.Boolean({ description: 'The terms checkbox (checked by default on the form)' }),
    ageConsent: Type.Boolean({ description: 'Spec §5: consent that the player is 18 or older' }),
    registerUrl: Type.Optional(text(500)),
    domain: Type.Optional(text(253)),
    registerMethod: Type.Optional(Type.Literal('WEB')),
    login: Type.Optional(Type.Boolean()),
    loginDeviceId: Type.Optional(text(64)),
    ...CaptchaAnswer.properties,
    botCheck: Type.Optional(BotCheckPayload), // bot check (BOTCHECK3)
  },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;

export const register = defineCall(routes.register, {
  tags: ['accounts'],
  summary: "Register by username (encrypted entry; fields per the merchant's register rules) and log in",
  body: RegisterBody,
  value: LoginResult,
});

export const registerMobile = defineCall(routes.registerMobile, {
  tags: ['accounts'],
  summary: 'Register by mobile number (encrypted entry; MOBILENUMREG3; the number is the account name) and log in',
  body: RegisterBody,
  value: LoginResult,
});

export const SmsCodeSent = Type.Object({
  expiredMinutes: Type.Integer({ description: 'The code lives this long; the send button counts down as long' }),
});

export const sendRegisterSms = defineCall(routes.sendRegisterSms, {
  tags: ['accounts'],
  summary: 'Sends a registration code by SMS (REGMOBVERF3); one per number per countdown, one per second per address',
  body: Type.Object(
    {
      mobileNo: Type.Optional(text(20)),
      username: Type.Optional(text(64, 'Mobile registration sends the number as the username')),
      countryDialingCode: DialCode,
    },
    { additionalProperties: false },
  ),
  value: SmsCodeSent,
});

export const sendLoginSms = defineCall(routes.sendLoginSms, {
  tags: ['accounts'],
  summary: 'Sends a login code by SMS to a registered number (login by code); the same answer for unknown numbers',
  body: Type.Object({ mobileNum: Type.String({ maxLength: 20 }), countryDialingCode: DialCode }, { additionalProperties: false }),
  value: SmsCodeSent,
});

export const setPasswordByPhone = defineCall(routes.setPasswordByPhone, {
  tags: ['accounts'],
  summary: 'Set a new password with an SMS code (encrypted entry; CHNGPASSVERIF3) and log in',
  body: Type.Object(
    {
      mobileNum: Type.String({ maxLength: 20 }),
      countryDialingCode: DialCode,
      verificationCode: Type.String({ maxLength: 10 }),
      newPassword: Type.String({ maxLength: 128 }),
      confirmNewPassword: Type.Optional(Type.String({ maxLength: 128 })),
    },
    { additionalProperties: false },
  ),
  value: LoginResult,
});

export const Affiliate = Type.Object({
  code: Type.String(),
  valid: Type.Literal(true),
});

export const getAffiliate = defineCall(routes.getAffiliate, {
  tags: ['accounts'],
  summary: 'Checks an affiliate/referral code for registration (invalid → invitation_code_error)',
  querystring: Type.Object({
    code: Type.String({ minLength: 1, maxLength: 40 }),
    domain: Type.Optional(Type.String({ maxLength: 253 })),
  }),
  value: Affiliate,
});

export const MemberInfo = Type.Object({
  id: Type.Integer(),
  account: Type.String(),
  nickname: Type.Union([Type.String(), Type.Null()]),
  type: Type.Integer({ description: 'Agent type' }),
  toUpline: Type.Boolean({ description: 'The member has an upline agent (transfers to upline are possible)' }),
  clubLabel: Type.Object({ labelName: Type.String(), rankLevel: Type.Integer() }),
  memberLabel: Type.Array(Type.String()),
  regDate: Type.Integer({ description: 'Epoch ms' }),
  mobile: Type.Union([Type.String(), Type.Null()], { description: 'Masked: all but the last four digits shown' }),
});
export type MemberInfo = Static<typeof MemberInfo>;

export const getMemberInfo = defineCall(routes.getMemberInfo, {
  tags: ['accounts'],
  summary: 'The logged-in member: id, account, nickname, agent type, rank label, registration date, masked mobile',
  value: MemberInfo,
});

export const Avatar = Type.Object({
  avatar: Type.String({ description: 'Static avatar number, or the address of a custom image' }),
  avatarType: Type.Union([Type.Literal('STATIC'), Type.Literal('CUSTOM')]),
});

export const getPlayerAvatar = defineCall(routes.getPlayerAvatar, {
  tags: ['accounts'],
  summary: "The logged-in member's avatar",
  value: Avatar,
});

export const getMemberIcon = defineCall(routes.getMemberIcon, {
  tags: ['accounts'],
  summary: "The logged-in member's header icon (same shape as the avatar)",
  value: Avatar,
});

export const ChangePasswordBody = Type.Object(
  {
    oldPassword: Type.Optional(Type.String({ maxLength: 128 })),
    grant: Type.Optional(Type.String({ maxLength: 128, description: 'passwordChangeGrant of the login result' })),
    newPassword: Type.String({ maxLength: 128 }),
    confirmNewPassword: Type.String({ maxLength: 128 }),
    googleCode: Type.Optional(GoogleCode),
  },
  { additionalProperties: false },
);

export const changePassword = defineCall(routes.changePassword, {
  tags: ['accounts'],
  summary:
    'Change the password (encrypted entry): oldPassword, or the grant from a forced-change login; with two-factor on, the oldPassword way also needs googleCode',
  body: ChangePasswordBody,
  value: Type.Null(),
});

export const ForgotPasswordBody = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 64 }),
    email: Type.String({ minLength: 1, maxLength: 200 }),
    captchaId: Type.String({ minLength: 1, maxLength: 64 }),
    captcha: Type.String({ minLength: 1, maxLength: 10 }),
  },
  { additionalProperties: false },
);

export const MessageValue = Type.Object({ messageKey: Type.String() });

export const forgotPasswordByEmail = defineCall(routes.forgotPasswordByEmail, {
  tags: ['accounts'],
  summary:
    'Forgot password by email (form POST, captcha-gated): mails a 30-minute reset link; the same answer whether or not the pair exists',
  body: ForgotPasswordBody,
  value: MessageValue,
});

export const resetPassword = defineCall(routes.resetPassword, {
  tags: ['accounts'],
  summary: 'Set a new password with the single-use token of the reset link (encrypted entry)',
  body: Type.Object(
    {
      token: Type.String({ minLength: 1, maxLength: 128 }),
      newPassword: Type.String({ maxLength: 128 }),
      confirmNewPassword: Type.String({ maxLength: 128 }),
    },
    { additionalProperties: false },
  ),
  value: Type.Null(),
});

export const accountCalls = [
  getRsaKey,
  login,
  loginFreePlay,
  logout,
  getCaptcha,
  register,
  registerMobile,
  sendRegisterSms,
  sendLoginSms,
  setPasswordByPhone,
  getAffiliate,
  getMemberInfo,
  getPlayerAvatar,
  getMemberIcon,
  changePassword,
  forgotPasswordByEmail,
  resetPassword,
];
