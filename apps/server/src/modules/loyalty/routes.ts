import * as api from '@tessera/contract/api/loyalty';
import * as missionApi from '@tessera/contract/api/missions';
import { LOYALTY_PAGE_SIZE } from '@tessera/contract/routes/loyalty';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { registerRelay } from '../../http/relay.js';
import { memberOf, optionalMemberOf, requestedLanguage } from '../../http/request-context.js';
import type { MissionsService } from './missions.js';
import type { PointsService } from './points.js';
import type { RewardCentre } from './reward-centre.js';
import type { LoyaltyService } from './service.js';

const languageOf = (request: FastifyRequest) => {
  const fallback = request.siteSettings.product.defaultLang;
  return { requested: requestedLanguage(request) ?? fallback, fallback };
};

const pageOf = (query: { page?: number; size?: number }) => ({ page: query.page ?? 1, size: query.size ?? LOYALTY_PAGE_SIZE });

export function loyaltyRoutes(
  app: FastifyInstance,
  http: HttpContext,
  {
    loyalty,
    points,
    missions,
    rewardCentre,
  }: { loyalty: LoyaltyService; points: PointsService; missions: MissionsService; rewardCentre: RewardCentre },
) {
  registerCall(app, http, api.getVip, async (request) =>
    loyalty.overview(request.merchantCode, optionalMemberOf(request) ?? null),
  );
  registerRelay(app, http, api.getPointBalance, async (request) => points.balance(request.merchantCode, memberOf(request)));
  registerRelay(app, http, api.getPointReward, async (request) =>
    points.items(request.merchantCode, optionalMemberOf(request) ?? null, languageOf(request)),
  );
  registerRelay(app, http, api.redeemPointReward, async (request) =>
    points.redeem(request.merchantCode, memberOf(request), request.body, languageOf(request)),
  );
  registerRelay(app, http, api.getRedeemPointList, async (request) =>
    points.redemptions(memberOf(request), pageOf(request.query), languageOf(request)),
  );
  registerRelay(app, http, api.getPointConfig, async (request) => points.config(request.merchantCode));
  registerRelay(app, http, api.getPointDetails, async (request) =>
    points.details(request.merchantCode, memberOf(request), pageOf(request.query)),
  );
  registerRelay(app, http, api.convertPoint, async (request) =>
    points.convert(request.merchantCode, memberOf(request), request.body),
  );
  registerRelay(app, http, missionApi.getMissionSummary, async (request) => {
    const memberId = memberOf(request);
    await loyalty.catchUp(request.merchantCode, memberId);
    return missions.summary(request.merchantCode, memberId, languageOf(request));
  });
  registerRelay(app, http, missionApi.getMissionLeaderboard, async (request) =>
    missions.leaderboard(request.merchantCode, optionalMemberOf(request) ?? null, request.query.period ?? 'week'),
  );
  registerRelay(app, http, missionApi.getRewardCenter, async (request) => ({
    list: await rewardCentre.list(request.merchantCode, memberOf(request), languageOf(request)),
  }));
  registerRelay(app, http, missionApi.claimReward, async (request) => ({
    claimed: await rewardCentre.claim(request.merchantCode, memberOf(request), request.body, languageOf(request)),
  }));
}
