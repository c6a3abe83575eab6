import { apiRequest } from '../../../lib/api-client';
import { ACCOUNT_CALLS } from './calls';

/** `POST /wps/member/nickname`: the first-login step's nickname (unique in the merchant). */
export const setNickname = (nickname: string) =>
  apiRequest<{ nickname: string }>(ACCOUNT_CALLS.setNickname, { body: { nickname } });

/** `POST /wps/member/language`: the language the logged-in member just chose. */
export const setLanguage = (language: string) => apiRequest<null>(ACCOUNT_CALLS.setLanguage, { body: { language } });
