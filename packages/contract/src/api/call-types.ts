import type { Static, TSchema } from 'typebox';
import type * as accounts from './accounts.js';
import type * as agentContracts from './agent-contracts.js';
import type * as agentIncome from './agent-income.js';
import type * as agents from './agents.js';
import type * as backOffice from './back-office.js';
import type * as backOfficeAgentContracts from './back-office-agent-contracts.js';
import type * as backOfficeAgents from './back-office-agents.js';
import type * as backOfficeChannels from './back-office-channels.js';
import type * as backOfficeContent from './back-office-content.js';
import type * as backOfficeGames from './back-office-games.js';
import type * as backOfficeLoyalty from './back-office-loyalty.js';
import type * as backOfficeMessages from './back-office-messages.js';
import type * as backOfficeMoney from './back-office-money.js';
import type * as backOfficePayments from './back-office-payments.js';
import type * as backOfficePlayers from './back-office-players.js';
import type * as backOfficePromotions from './back-office-promotions.js';
import type * as backOfficeReports from './back-office-reports.js';
import type * as backOfficeSettings from './back-office-settings.js';
import type * as bettingRecord from './betting-record.js';
import type * as botCheck from './bot-check.js';
import type { CallDef, CallRoute } from './call.js';
import type * as cashback from './cashback.js';
import type * as catalogue from './catalogue.js';
import type * as chat from './chat.js';
import type * as content from './content.js';
import type * as deposits from './deposits.js';
import type * as favourites from './favourites.js';
import type * as feedback from './feedback.js';
import type * as games from './games.js';
import type * as houseGames from './house-games.js';
import type * as inbox from './inbox.js';
import type * as loginVerification from './login-verification.js';
import type * as lottery from './lottery.js';
import type * as loyalty from './loyalty.js';
import type * as memberProfile from './member-profile.js';
import type * as memberTransfers from './member-transfers.js';
import type * as missions from './missions.js';
import type * as notifications from './notifications.js';
import type * as promotions from './promotions.js';
import type * as pvpRooms from './pvp-rooms.js';
import type * as raffles from './raffles.js';
import type * as records from './records.js';
import type * as recoveryContacts from './recovery-contacts.js';
import type * as responsibleGaming from './responsible-gaming.js';
import type * as securityCentre from './security-centre.js';
import type * as system from './system.js';
import type * as twoFactor from './two-factor.js';
import type * as wallet from './wallet.js';
import type * as winners from './winners.js';
import type * as withdrawals from './withdrawals.js';

/*
 * The types of a call, looked up by its route's id: the browser holds only the route (plain data) and imports
 * these with `import type`, so the schema library never reaches its bundle.
 */

type CallsIn<Area> = Extract<Area[keyof Area], CallDef>;

/** Every call definition of the contract. */
export type AnyCall =
  | CallsIn<typeof accounts>
  | CallsIn<typeof agents>
  | CallsIn<typeof agentContracts>
  | CallsIn<typeof agentIncome>
  | CallsIn<typeof backOfficeAgentContracts>
  | CallsIn<typeof backOfficeAgents>
  | CallsIn<typeof backOfficeChannels>
  | CallsIn<typeof backOfficePayments>
  | CallsIn<typeof backOffice>
  | CallsIn<typeof backOfficeMoney>
  | CallsIn<typeof backOfficePlayers>
  | CallsIn<typeof backOfficePromotions>
  | CallsIn<typeof backOfficeContent>
  | CallsIn<typeof backOfficeMessages>
  | CallsIn<typeof backOfficeGames>
  | CallsIn<typeof backOfficeLoyalty>
  | CallsIn<typeof backOfficeSettings>
  | CallsIn<typeof backOfficeReports>
  | CallsIn<typeof bettingRecord>
  | CallsIn<typeof botCheck>
  | CallsIn<typeof cashback>
  | CallsIn<typeof catalogue>
  | CallsIn<typeof chat>
  | CallsIn<typeof content>
  | CallsIn<typeof deposits>
  | CallsIn<typeof favourites>
  | CallsIn<typeof feedback>
  | CallsIn<typeof games>
  | CallsIn<typeof houseGames>
  | CallsIn<typeof inbox>
  | CallsIn<typeof loginVerification>
  | CallsIn<typeof lottery>
  | CallsIn<typeof loyalty>
  | CallsIn<typeof missions>
  | CallsIn<typeof memberProfile>
  | CallsIn<typeof memberTransfers>
  | CallsIn<typeof notifications>
  | CallsIn<typeof promotions>
  | CallsIn<typeof raffles>
  | CallsIn<typeof pvpRooms>
  | CallsIn<typeof records>
  | CallsIn<typeof recoveryContacts>
  | CallsIn<typeof responsibleGaming>
  | CallsIn<typeof securityCentre>
  | CallsIn<typeof twoFactor>
  | CallsIn<typeof system>
  | CallsIn<typeof wallet>
  | CallsIn<typeof winners>
  | CallsIn<typeof withdrawals>;

/** The call definition of a route. */
export type CallOf<R extends CallRoute> = Extract<AnyCall, { id: R['id'] }>;

type Input<S> = [NonNullable<S>] extends [never]
  ? undefined
  : NonNullable<S> extends TSchema
    ? Static<NonNullable<S>>
    : undefined;

/** The envelope's `value` a route answers. */
export type AnswerOf<R extends CallRoute> = Static<CallOf<R>['value']>;
/** The query string a route takes (`undefined` when it takes none). */
export type QueryOf<R extends CallRoute> = Input<CallOf<R>['querystring']>;
/** The body a route takes, before any sealing (`undefined` when it takes none). */
export type BodyOf<R extends CallRoute> = Input<CallOf<R>['body']>;
