import * as memberProfileRoutes from '@tessera/contract/routes/member-profile';
import { apiRequest } from '../../../lib/api-client';

/** `POST /wps/member/nickname`: the first-login step's nickname (unique in the merchant). */
export const setNickname = (nickname: string) => apiRequest(memberProfileRoutes.setNickname, { body: { nickname } });

/** `POST /wps/member/language`: the language the logged-in member just chose. */
export const setLanguage = (language: string) => apiRequest(memberProfileRoutes.setLanguage, { body: { language } });
