import { queryOptions } from '@tanstack/react-query';
import type { RegisterBody } from '@tessera/contract/api/accounts';
import * as accountsRoutes from '@tessera/contract/routes/accounts';
import * as promotionRoutes from '@tessera/contract/routes/promotions';
import * as systemRoutes from '@tessera/contract/routes/system';
import { apiRequest } from '../../../lib/api-client';
import { sealedCall } from '../../../lib/sealed-call';

/** Register rules change only when an operator edits them: fetched once per popup opening at most every 5 minutes. */
export const registerRulesQuery = () =>
  queryOptions({
    queryKey: ['accounts', 'register-rules'],
    queryFn: ({ signal }) => apiRequest(systemRoutes.getRegisterSettings, { signal }),
    staleTime: 5 * 60_000,
  });

/** `PUT /wps/member/register` or `/register/mobile` (encrypted entries); the result logs the new member in. */
export const register = (mode: 'username' | 'mobile', body: RegisterBody) =>
  sealedCall(mode === 'mobile' ? accountsRoutes.registerMobile : accountsRoutes.register, body);

/** `GET /wps/agent/affiliate`: resolves when the code is valid, throws ApiError invitation_code_error when not. */
export const checkAffiliate = (code: string, domain: string) =>
  apiRequest(accountsRoutes.getAffiliate, { query: { code, domain } });

export const affiliateQuery = (code: string, domain: string) =>
  queryOptions({
    queryKey: ['accounts', 'affiliate', code, domain],
    queryFn: () => checkAffiliate(code, domain),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** `POST /wps/verification/sms/register` (REGMOBVERF3); the answer says how long the code lives. */
export const sendRegisterSms = (mobileNo: string, countryDialingCode: string) =>
  apiRequest(accountsRoutes.sendRegisterSms, { body: { mobileNo, countryDialingCode } });

/** `POST /wps/verification/sms/noLogin`: a login code (login by SMS). */
export const sendLoginSms = (mobileNum: string, countryDialingCode: string) =>
  apiRequest(accountsRoutes.sendLoginSms, { body: { mobileNum, countryDialingCode } });

/** The sign-up bonuses open now, as a guest sees them: the form offers the first one to opt into. */
export const signupBonusQuery = (language: string) =>
  queryOptions({
    queryKey: ['promotions', 'signup-offer', language],
    queryFn: ({ signal }) =>
      apiRequest(promotionRoutes.listPromotions, { signal, query: { type: 'signup', status: 'claim' }, headers: { language } }),
    staleTime: 60_000,
    // An offer that could not be loaded is simply not made: the sign-up itself must not wait for it.
    retry: 1,
  });
