import type { AccountTables } from '../modules/accounts/tables.js';
import type { AgentContractTables } from '../modules/agent-contracts/tables.js';
import type { AgentSettlementTables } from '../modules/agent-settlement/tables.js';
import type { AgentTables } from '../modules/agents/tables.js';
import type { ApprovalTables } from '../modules/approvals/tables.js';
import type { AuditLogTables } from '../modules/audit-log/tables.js';
import type { BotCheckTables } from '../modules/bot-check/tables.js';
import type { CaptchaTables } from '../modules/captcha/tables.js';
import type { CashbackTables } from '../modules/cashback/tables.js';
import type { CatalogueTables } from '../modules/catalogue/tables.js';
import type { ChatTables } from '../modules/chat/tables.js';
import type { ContentTables } from '../modules/content/tables.js';
import type { CryptoEntryTables } from '../modules/crypto-entry/tables.js';
import type { DeliveryTables } from '../modules/delivery/tables.js';
import type { DepositTables } from '../modules/deposits/tables.js';
import type { FavouriteTables } from '../modules/favourites/tables.js';
import type { FeedbackTables } from '../modules/feedback/tables.js';
import type { GameTables } from '../modules/games/tables.js';
import type { HouseVendorTables } from '../modules/house-vendor/tables.js';
import type { InboxTables } from '../modules/inbox/tables.js';
import type { JobTables } from '../modules/jobs/tables.js';
import type { LedgerTables } from '../modules/ledger/tables.js';
import type { LoginVerificationTables } from '../modules/login-verification/tables.js';
import type { LotteryTables } from '../modules/lottery/tables.js';
import type { LoyaltyTables, MissionTables } from '../modules/loyalty/tables.js';
import type { OutboxTables } from '../modules/mailer/tables.js';
import type { MemberTransferTables } from '../modules/member-transfers/tables.js';
import type { NotificationTables } from '../modules/notifications/tables.js';
import type { PaymentTables } from '../modules/payments/tables.js';
import type { PlayerAdminTables } from '../modules/player-admin/tables.js';
import type { RaffleTables } from '../modules/promotions/raffle/tables.js';
import type { PromotionTables } from '../modules/promotions/tables.js';
import type { ReferralTables } from '../modules/referrals/tables.js';
import type { ResponsibleGamingTables } from '../modules/responsible-gaming/tables.js';
import type { SecurityCentreTables } from '../modules/security-centre/tables.js';
import type { SessionTables } from '../modules/sessions/tables.js';
import type { SiteSettingsTables } from '../modules/site-settings/tables.js';
import type { SmsTables } from '../modules/sms/tables.js';
import type { StaffTables } from '../modules/staff/tables.js';
import type { ThrottleTables } from '../modules/throttle/tables.js';
import type { TwoFactorTables } from '../modules/two-factor/tables.js';
import type { WithdrawalTables } from '../modules/withdrawals/tables.js';

/**
 * Table types for Kysely, one interface per module (its `tables.ts`). Only the module that owns a table writes it.
 */
export interface Database
  extends SiteSettingsTables,
    AuditLogTables,
    StaffTables,
    SessionTables,
    CatalogueTables,
    ContentTables,
    FeedbackTables,
    AccountTables,
    BotCheckTables,
    LoginVerificationTables,
    CryptoEntryTables,
    CaptchaTables,
    ThrottleTables,
    OutboxTables,
    JobTables,
    LoyaltyTables,
    MissionTables,
    SecurityCentreTables,
    WithdrawalTables,
    LedgerTables,
    SmsTables,
    NotificationTables,
    DepositTables,
    PaymentTables,
    ResponsibleGamingTables,
    CashbackTables,
    GameTables,
    HouseVendorTables,
    FavouriteTables,
    LotteryTables,
    MemberTransferTables,
    ApprovalTables,
    PlayerAdminTables,
    AgentTables,
    AgentContractTables,
    AgentSettlementTables,
    PromotionTables,
    RaffleTables,
    ReferralTables,
    DeliveryTables,
    InboxTables,
    ChatTables,
    TwoFactorTables {}
