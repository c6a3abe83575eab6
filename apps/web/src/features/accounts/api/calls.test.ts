import {
  changePassword,
  forgotPasswordByEmail,
  getAffiliate,
  getCaptcha,
  getMemberInfo,
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
import { getRegisterSettings } from '@tessera/contract/api/system';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_CALLS } from './calls';

const contract = {
  login,
  loginFreePlay,
  logout,
  captcha: getCaptcha,
  register,
  registerMobile,
  sendRegisterSms,
  sendLoginSms,
  setPasswordByPhone,
  affiliate: getAffiliate,
  memberInfo: getMemberInfo,
  changePassword,
  forgotPasswordByEmail,
  resetPassword,
  registerSettings: getRegisterSettings,
  setNickname,
  setLanguage,
};

describe('account call targets', () => {
  it.each(Object.entries(contract))('%s has the method and path of the contract', (name, call) => {
    expect(ACCOUNT_CALLS[name as keyof typeof ACCOUNT_CALLS]).toEqual({ method: call.method, path: call.path });
  });

  it('seals exactly the calls the contract marks as encrypted entries', () => {
    const encrypted = Object.entries(contract)
      .filter(([, call]) => 'encrypted' in call && call.encrypted)
      .map(([name]) => name)
      .sort();
    expect(encrypted).toEqual(['changePassword', 'login', 'register', 'registerMobile', 'resetPassword', 'setPasswordByPhone']);
  });
});
