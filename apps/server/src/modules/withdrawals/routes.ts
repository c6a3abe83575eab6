import multipart from '@fastify/multipart';
import {
  confirmWithdrawal,
  createWithdrawal,
  getWithdrawalInfo,
  listWithdrawals,
  reportWithdrawalNotReceived,
} from '@tessera/contract/api/withdrawals';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { registerEncryptedCall } from '../../http/register-encrypted-call.js';
import { memberOf } from '../../http/request-context.js';
import { PROOF_MULTIPART_OPTIONS, readNotReceivedForm } from './proof-form.js';
import type { MemberRef, WithdrawalsService } from './service.js';

const memberRefOf = (request: FastifyRequest): MemberRef => ({ merchant: request.merchantCode, memberId: memberOf(request) });

/** Withdrawals (members centre `withdraw`). */
export function withdrawalRoutes(app: FastifyInstance, http: HttpContext, { withdrawals }: { withdrawals: WithdrawalsService }) {
  registerCall(app, http, getWithdrawalInfo, async (request) => withdrawals.info(memberRefOf(request)));
  registerCall(app, http, listWithdrawals, async (request) =>
    withdrawals.list(memberRefOf(request), request.query.page ?? 1, request.query.size ?? 10),
  );
  registerEncryptedCall(app, http, createWithdrawal, async (request) => withdrawals.create(memberRefOf(request), request.body));
  registerCall(app, http, confirmWithdrawal, async (request) => withdrawals.confirm(memberRefOf(request), request.body));
  app.register(async (scope) => {
    await scope.register(multipart, PROOF_MULTIPART_OPTIONS);
    registerCall(scope, http, reportWithdrawalNotReceived, async (request) => {
      const member = memberRefOf(request);
      const form = await readNotReceivedForm(request);
      return withdrawals.reportNotReceived(member, BigInt(request.query.id), form.proof, form.note);
    });
  });
}
