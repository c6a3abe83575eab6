import multipart from '@fastify/multipart';
import {
  confirmWithdrawal,
  createWithdrawal,
  getWithdrawalInfo,
  listWithdrawals,
  reportWithdrawalNotReceived,
} from '@tessera/contract/api/withdrawals';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerCall } from '../../http/register-call.js';
import type { AppServices } from '../../http/services.js';
import { AppError } from '../../platform/app-error.js';
import { RsaKeyStore } from '../crypto-entry/key-store.js';
import { registerEncryptedCall } from '../crypto-entry/routes.js';
import { resolveSecretKey } from '../crypto-entry/secret-key.js';
import { EncryptedEntries } from '../crypto-entry/service.js';
import { PROOF_MULTIPART_OPTIONS, readNotReceivedForm } from './proof-form.js';
import { AUTO_RECEIPT_JOB, type MemberRef, WithdrawalsService } from './service.js';

export const memberOf = (request: FastifyRequest): MemberRef => {
  if (!request.session) throw new AppError('login.not.session');
  return { merchant: request.merchantCode, memberId: request.session.memberId };
};

export const encryptedEntriesOf = (services: AppServices) =>
  new EncryptedEntries(
    services.db,
    new RsaKeyStore(services.db, resolveSecretKey(services.config.secretKey, services.config.dataDir)),
  );

/** Withdrawals (members centre `withdraw`) and the auto-receipt job handler: one line in app.ts. */
export function withdrawalRoutes(app: FastifyInstance, services: AppServices) {
  const withdrawals = new WithdrawalsService(services.db, async (merchant) => {
    const settings = await services.siteSettings.cached(merchant);
    if (!settings) throw new AppError('merchant.unknown');
    return settings;
  });
  services.jobs.register(AUTO_RECEIPT_JOB, (context) => withdrawals.autoReceipt(context));

  registerCall(app, services, getWithdrawalInfo, async (request) => withdrawals.info(memberOf(request)));
  registerCall(app, services, listWithdrawals, async (request) =>
    withdrawals.list(memberOf(request), request.query.page ?? 1, request.query.size ?? 10),
  );
  registerEncryptedCall(app, services, encryptedEntriesOf(services), createWithdrawal, async (request) =>
    withdrawals.create(memberOf(request), request.body),
  );
  registerCall(app, services, confirmWithdrawal, async (request) => withdrawals.confirm(memberOf(request), request.body));
  app.register(async (scope) => {
    await scope.register(multipart, PROOF_MULTIPART_OPTIONS);
    registerCall(scope, services, reportWithdrawalNotReceived, async (request) => {
      const member = memberOf(request);
      const form = await readNotReceivedForm(request);
      return withdrawals.reportNotReceived(member, BigInt(request.query.id), form.proof, form.note);
    });
  });
}
