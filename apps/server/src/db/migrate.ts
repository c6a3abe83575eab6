import type { Kysely } from 'kysely';
import { type Migration, type MigrationResultSet, Migrator } from 'kysely/migration';
import type { MigrationContext } from './migration-context.js';
import * as siteSettings from './migrations/2026-11-21-0001-site-settings.js';
import * as catalogue from './migrations/2026-11-21-0100-catalogue.js';
import * as content from './migrations/2026-11-21-0200-content.js';
import * as feedback from './migrations/2026-11-21-0210-feedback.js';
import * as accounts from './migrations/2026-11-21-0300-accounts.js';
import * as accountsSms from './migrations/2026-11-21-0301-accounts-sms.js';
import * as botCheck from './migrations/2026-11-21-0310-bot-check.js';
import * as loginVerification from './migrations/2026-11-21-0311-login-verification.js';
import * as memberAudit from './migrations/2026-11-21-0330-member-audit.js';
import * as memberProfile from './migrations/2026-11-21-0331-member-profile.js';
import * as ledger from './migrations/2026-11-21-0400-ledger.js';
import * as walletNotifications from './migrations/2026-11-21-0410-notifications.js';
import * as deposits from './migrations/2026-11-21-0420-deposits.js';
import * as jobs from './migrations/2026-11-21-0430-jobs.js';
import * as securityCentre from './migrations/2026-11-21-0431-security-centre.js';
import * as withdrawals from './migrations/2026-11-21-0432-withdrawals.js';
import * as responsibleGaming from './migrations/2026-11-21-0450-responsible-gaming.js';
import * as cashback from './migrations/2026-11-21-0451-cashback.js';
import * as memberTransfers from './migrations/2026-11-21-0452-member-transfers.js';
import * as games from './migrations/2026-11-21-0470-games.js';
import * as favourites from './migrations/2026-11-21-0490-favourites.js';
import * as lottery from './migrations/2026-11-21-0500-lottery.js';
import * as winners from './migrations/2026-11-21-0550-winners.js';
import * as ledgerFunctions from './migrations/2026-11-27-0400-ledger-functions.js';
import * as houseSpin from './migrations/2026-11-27-0410-house-spin.js';
import * as recoveryContacts from './migrations/2026-11-27-0600-recovery-contacts.js';
import * as hardening from './migrations/2026-11-27-0610-hardening.js';
import * as changeNotifications from './migrations/2026-11-27-0700-change-notifications.js';
import * as e164Mobiles from './migrations/2026-11-27-0700-e164-mobiles.js';
import * as backOffice from './migrations/2026-11-27-1600-back-office.js';
import * as ledgerCreditBatch from './migrations/2026-11-27-1900-ledger-credit-batch.js';
import * as moneyActions from './migrations/2026-11-27-1900-money-actions.js';
import * as playerAdmin from './migrations/2026-11-27-1900-player-admin.js';
import * as reports from './migrations/2026-11-27-1900-reports.js';
import * as reportMemberRunning from './migrations/2026-11-27-2200-report-member-running.js';
import * as drawVoidPermission from './migrations/2026-11-27-2300-draw-void-permission.js';
import * as staffTotpSealed from './migrations/2026-11-28-0100-staff-totp-sealed.js';
import * as agentTree from './migrations/2026-11-28-0200-agent-tree.js';
import * as lotterySettlementHot from './migrations/2026-11-28-0230-lottery-settlement-hot.js';
import * as houseSpinOneRoundTrip from './migrations/2026-11-28-0300-house-spin-one-round-trip.js';
import * as agentContracts from './migrations/2026-11-28-0500-agent-contracts.js';
import * as agentPages from './migrations/2026-11-28-0510-agent-pages.js';
import * as promotions from './migrations/2026-11-28-0520-promotions.js';
import * as paymentGateways from './migrations/2026-11-28-0530-payment-gateways.js';
import * as ledgerMoveLean from './migrations/2026-11-28-0600-ledger-move-lean.js';
import * as ledgerCreditBatchOnce from './migrations/2026-11-28-0610-ledger-credit-batch-once.js';
import * as agentSettlement from './migrations/2026-11-28-0620-agent-settlement.js';
import * as promotionReferrals from './migrations/2026-11-28-0630-promotion-referrals.js';
import * as gatewayPayouts from './migrations/2026-11-28-0640-gateway-payouts.js';
import * as paymentReconciliation from './migrations/2026-11-28-0641-payment-reconciliation.js';
import * as loyalty from './migrations/2026-11-28-0650-loyalty.js';
import * as talkingToPlayers from './migrations/2026-11-28-0700-talking-to-players.js';
import * as ledgerMovePair from './migrations/2026-11-28-1000-ledger-move-pair.js';
import * as channelAudience from './migrations/2026-11-28-1200-channel-audience.js';
import * as missions from './migrations/2026-11-28-1300-missions.js';
import * as liveChat from './migrations/2026-11-28-1400-live-chat.js';
import * as memberTwoFactor from './migrations/2026-11-28-1500-member-two-factor.js';
import * as promotionAudiences from './migrations/2026-11-28-1600-promotion-audiences.js';
import * as promotionRebates from './migrations/2026-11-28-1700-promotion-rebates.js';
import * as raffles from './migrations/2026-11-28-1800-raffles.js';
import * as memberAvatars from './migrations/2026-11-28-2000-member-avatars.js';
import * as moneyPathChecks from './migrations/2026-11-28-2100-money-path-checks.js';
import * as chatImages from './migrations/2026-11-29-0100-chat-images.js';
import * as bonusCountInSpin from './migrations/2026-11-30-0200-bonus-count-in-spin.js';
import * as houseOpenRounds from './migrations/2026-11-30-0300-house-open-rounds.js';
import * as houseRoundWrites from './migrations/2026-11-30-0400-house-round-writes.js';
import * as bonusStakeInSpin from './migrations/2026-12-01-0100-bonus-stake-in-spin.js';
import * as ownChangeNotices from './migrations/2026-12-01-0200-own-change-notices.js';
import * as agentTeamReads from './migrations/2026-12-02-0300-agent-team-reads.js';
import * as ledgerCreditBatchHashed from './migrations/2026-12-02-0400-ledger-credit-batch-hashed.js';
import * as agentSettlementsHotPaid from './migrations/2026-12-02-0401-agent-settlements-hot-paid.js';
import type { Database } from './schema.js';

/** A migration that needs the context (the server secret) gets it bound in when it runs. */
type ContextMigration = {
  upWith(db: Kysely<unknown>, context: MigrationContext): Promise<void>;
  downWith(db: Kysely<unknown>, context: MigrationContext): Promise<void>;
};

/** Every migration, in order. Listed in code (not read from disk) so the same list runs from dist and from tests. */
const MIGRATIONS: Record<string, Migration | ContextMigration> = {
  '2026-11-21-0001-site-settings': siteSettings,
  '2026-11-21-0100-catalogue': catalogue,
  '2026-11-21-0200-content': content,
  '2026-11-21-0210-feedback': feedback,
  '2026-11-21-0300-accounts': accounts,
  '2026-11-21-0301-accounts-sms': accountsSms,
  '2026-11-21-0310-bot-check': botCheck,
  '2026-11-21-0311-login-verification': loginVerification,
  '2026-11-21-0330-member-audit': memberAudit,
  '2026-11-21-0331-member-profile': memberProfile,
  '2026-11-21-0400-ledger': ledger,
  '2026-11-21-0410-notifications': walletNotifications,
  '2026-11-21-0420-deposits': deposits,
  '2026-11-21-0430-jobs': jobs,
  '2026-11-21-0431-security-centre': securityCentre,
  '2026-11-21-0432-withdrawals': withdrawals,
  '2026-11-21-0450-responsible-gaming': responsibleGaming,
  '2026-11-21-0451-cashback': cashback,
  '2026-11-21-0452-member-transfers': memberTransfers,
  '2026-11-21-0470-games': games,
  '2026-11-21-0490-favourites': favourites,
  '2026-11-21-0500-lottery': lottery,
  '2026-11-21-0550-winners': winners,
  '2026-11-27-0400-ledger-functions': ledgerFunctions,
  '2026-11-27-0410-house-spin': houseSpin,
  '2026-11-27-0600-recovery-contacts': recoveryContacts,
  '2026-11-27-0610-hardening': hardening,
  '2026-11-27-0700-change-notifications': changeNotifications,
  '2026-11-27-0700-e164-mobiles': e164Mobiles,
  '2026-11-27-1600-back-office': backOffice,
  '2026-11-27-1900-ledger-credit-batch': ledgerCreditBatch,
  '2026-11-27-1900-money-actions': moneyActions,
  '2026-11-27-1900-player-admin': playerAdmin,
  '2026-11-27-1900-reports': reports,
  '2026-11-27-2200-report-member-running': reportMemberRunning,
  '2026-11-27-2300-draw-void-permission': drawVoidPermission,
  '2026-11-28-0100-staff-totp-sealed': staffTotpSealed,
  '2026-11-28-0200-agent-tree': agentTree,
  '2026-11-28-0230-lottery-settlement-hot': lotterySettlementHot,
  '2026-11-28-0300-house-spin-one-round-trip': houseSpinOneRoundTrip,
  '2026-11-28-0500-agent-contracts': agentContracts,
  '2026-11-28-0510-agent-pages': agentPages,
  '2026-11-28-0520-promotions': promotions,
  '2026-11-28-0530-payment-gateways': paymentGateways,
  '2026-11-28-0600-ledger-move-lean': ledgerMoveLean,
  '2026-11-28-0610-ledger-credit-batch-once': ledgerCreditBatchOnce,
  '2026-11-28-0620-agent-settlement': agentSettlement,
  '2026-11-28-0630-promotion-referrals': promotionReferrals,
  '2026-11-28-0640-gateway-payouts': gatewayPayouts,
  '2026-11-28-0641-payment-reconciliation': paymentReconciliation,
  '2026-11-28-0650-loyalty': loyalty,
  '2026-11-28-0700-talking-to-players': talkingToPlayers,
  '2026-11-28-1000-ledger-move-pair': ledgerMovePair,
  '2026-11-28-1200-channel-audience': channelAudience,
  '2026-11-28-1300-missions': missions,
  '2026-11-28-1400-live-chat': liveChat,
  '2026-11-28-1500-member-two-factor': memberTwoFactor,
  '2026-11-28-1600-promotion-audiences': promotionAudiences,
  '2026-11-28-1700-promotion-rebates': promotionRebates,
  '2026-11-28-1800-raffles': raffles,
  '2026-11-28-2000-member-avatars': memberAvatars,
  '2026-11-28-2100-money-path-checks': moneyPathChecks,
  '2026-11-29-0100-chat-images': chatImages,
  '2026-11-30-0200-bonus-count-in-spin': bonusCountInSpin,
  '2026-11-30-0300-house-open-rounds': houseOpenRounds,
  '2026-11-30-0400-house-round-writes': houseRoundWrites,
  '2026-12-01-0100-bonus-stake-in-spin': bonusStakeInSpin,
  '2026-12-01-0200-own-change-notices': ownChangeNotices,
  '2026-12-02-0300-agent-team-reads': agentTeamReads,
  '2026-12-02-0400-ledger-credit-batch-hashed': ledgerCreditBatchHashed,
  '2026-12-02-0401-agent-settlements-hot-paid': agentSettlementsHotPaid,
};

export class MigrationError extends Error {}

const withContext = (context: MigrationContext) =>
  Object.fromEntries(
    Object.entries(MIGRATIONS).map(([name, migration]): [string, Migration] => [
      name,
      'upWith' in migration
        ? { up: (db) => migration.upWith(db, context), down: (db) => migration.downWith(db, context) }
        : migration,
    ]),
  );

/** Brings the schema to the latest version; safe to run concurrently from several instances (Kysely locks). */
export function migrateToLatest(db: Kysely<Database>, context: MigrationContext = {}): Promise<MigrationResultSet> {
  return migrateTo(db, undefined, context);
}

/** Moves the schema up or down to `target` (a migration name, or NO_MIGRATIONS to undo all); latest when undefined. */
export async function migrateTo(
  db: Kysely<Database>,
  target: Parameters<Migrator['migrateTo']>[0] | undefined,
  context: MigrationContext = {},
): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => withContext(context) } });
  const result = target === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(target);
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new MigrationError(`Migration ${failed} failed: ${String(result.error)}`, { cause: result.error });
  }
  return result;
}
