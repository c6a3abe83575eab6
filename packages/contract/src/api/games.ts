import { type Static, Type } from 'typebox';
import { VASSALAGE_PATTERN } from '../catalogue/categories.js';
import * as routes from '../routes/games.js';
import { defineCall } from './call.js';
import { GameItem } from './catalogue.js';

/**
 * Game launch (spec §2.1 launch payload, §3, §9 launch constants): the member asks for one game of one vendor
 * and receives the address the /game frame opens. The fields the original client sends for its gateway
 * (accountType, clientType, confirmTrans, username, token, merchantCode) are accepted and ignored: the session
 * and merchant come from the Authorization and Merchant headers.
 */

export const LAUNCH_MODE_GLS = 'GLS';
/** Spec §3 lottery lobby launch. */
export const LAUNCH_MODE_LOTT = 'LOTT';

/** The launch's numeric pass-through fields, which the original client sends as numbers or strings. */
const Int32 = Type.Integer({ minimum: -2_147_483_648, maximum: 2_147_483_647 });

export const LaunchGameBody = Type.Object({
  gameId: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$', description: 'Catalogue game code' })),
  roomId: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$', description: 'PVP room, instead of gameId' })),
  nodeId: Type.Optional(Type.Union([Int32, Type.String({ maxLength: 20 })])),
  vassalage: Type.String({ pattern: VASSALAGE_PATTERN, description: 'Vendor code, e.g. TESSERA_RNG' }),
  launchMode: Type.Union([Type.Literal(LAUNCH_MODE_GLS), Type.Literal(LAUNCH_MODE_LOTT)]),
  // --- lottery lobby launch (spec §3): launchMode LOTT; lottoGameCode stands for gameId when that is absent ---
  lottoArea: Type.Optional(Type.String({ pattern: '^[A-Za-z_]{1,20}$', description: 'e.g. VN, SEA' })),
  lottoPrizeMode: Type.Optional(Type.String({ pattern: '^[A-Za-z_]{1,20}$', description: 'Lott, ZY, Elott or SEA' })),
  lottoGameCode: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$' })),
  lottoView: Type.Optional(Type.Union([Type.Literal('betting'), Type.Literal('lobby')])),
  device: Type.Optional(Type.String({ maxLength: 20 })),
  backUrl: Type.Optional(Type.String({ maxLength: 500 })),
  // --- end lottery lobby launch ---
  platform: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9,_-]{1,60}$', description: 'e.g. html5-desktop, html5' })),
  language: Type.Optional(Type.String({ maxLength: 10, description: 'The Language header is used when absent' })),
  accountType: Type.Optional(Type.Union([Int32, Type.String({ maxLength: 10 })])),
  clientType: Type.Optional(Type.Union([Int32, Type.String({ maxLength: 10 })])),
  confirmTrans: Type.Optional(Type.Union([Int32, Type.String({ maxLength: 10 })])),
  username: Type.Optional(Type.String({ maxLength: 64 })),
  token: Type.Optional(Type.String({ maxLength: 200 })),
  merchantCode: Type.Optional(Type.String({ maxLength: 32 })),
});
export type LaunchGameBody = Static<typeof LaunchGameBody>;

export const LaunchGameValue = Type.Union([
  Type.Object({
    content: Type.Object({
      game_url: Type.String({ description: 'Opened in the /game frame; relative to the site for house games' }),
      game_url2: Type.Optional(Type.String()),
    }),
  }),
  Type.Object(
    {
      maintenance: Type.Object({
        messageKey: Type.String({ description: 'Translation key of the "game under maintenance" message' }),
        recommended: Type.Array(GameItem, { description: 'Active games of the same category to offer instead' }),
      }),
    },
    { description: 'The game or its vendor is under maintenance' },
  ),
]);
export type LaunchGameValue = Static<typeof LaunchGameValue>;

export const launchGame = defineCall(routes.launchGame, {
  tags: ['games'],
  summary:
    'Launch a game: value.content.game_url for the /game frame, or value.maintenance with games to recommend. Refused for self-excluded members; trial accounts only where play money is allowed',
  body: LaunchGameBody,
  value: LaunchGameValue,
});

export const gameCalls = [launchGame];
