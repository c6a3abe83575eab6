import { Type } from 'typebox';
import * as routes from '../routes/favourites.js';
import { defineCall } from './call.js';
import { GAME_LIST_MAX_PAGE_SIZE, GameItem } from './catalogue.js';

/**
 * The personal side of the catalogue (spec §7.3): a member's favourite games and recently launched games.
 * Favourites and recent games refer to a game by its `nodeId` (GameItem.nodeId); lists answer only games still
 * visible in the catalogue, in the same card shape as the lobby.
 */

/** Most favourites a member may keep; adding one more is refused with `favourite.limit`. */
export const FAVOURITES_MAX = 200;
/** Recent games kept per member: launching another pushes the oldest out. */
export const RECENT_GAMES_MAX = 20;

const NodeId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'GameItem.nodeId' });
const Language = Type.String({ maxLength: 10, description: 'Language code; the Language header is used when absent' });

const FavouriteIds = Type.Object({
  list: Type.Array(Type.String({ description: 'nodeId as a string, as the original platform sends it' }), {
    description: 'Favourite game ids, newest first',
  }),
});

export const getFavouriteIds = defineCall(routes.getFavouriteIds, {
  tags: ['games'],
  summary: "The member's favourite game ids (nodeId strings), newest first",
  value: FavouriteIds,
});

export const getFavouriteGames = defineCall(routes.getFavouriteGames, {
  tags: ['games'],
  summary: "One page of the member's favourite games as lobby cards, newest first",
  querystring: Type.Object({
    pageNo: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: GAME_LIST_MAX_PAGE_SIZE, default: 20 }),
    language: Type.Optional(Language),
  }),
  value: Type.Object({
    content: Type.Array(GameItem),
    pageNum: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1 }),
    totalPages: Type.Integer({ minimum: 0 }),
    total: Type.Integer({ minimum: 0 }),
  }),
});

export const addFavourite = defineCall(routes.addFavourite, {
  tags: ['games'],
  summary: `Adds a game to the member's favourites (idempotent; at most ${FAVOURITES_MAX}); answers the ids after the change`,
  body: Type.Object({
    nodeId: NodeId,
    vendor: Type.Optional(Type.String({ maxLength: 40, description: "The game's vassalage; must match when sent" })),
    gameType: Type.Optional(Type.String({ maxLength: 10, description: "The game's category; must match when sent" })),
  }),
  value: FavouriteIds,
});

export const removeFavourite = defineCall(routes.removeFavourite, {
  tags: ['games'],
  summary: "Removes a game from the member's favourites (idempotent); answers the ids after the change",
  querystring: Type.Object({ nodeId: NodeId }),
  value: FavouriteIds,
});

export const getRecentGames = defineCall(routes.getRecentGames, {
  tags: ['games'],
  summary: `The games the member launched most recently (at most ${RECENT_GAMES_MAX}), latest first`,
  querystring: Type.Object({ language: Type.Optional(Language) }),
  value: Type.Object({ list: Type.Array(GameItem) }),
});
