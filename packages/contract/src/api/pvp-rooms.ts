import { type Static, Type } from 'typebox';
import { VASSALAGE_PATTERN } from '../catalogue/categories.js';
import * as routes from '../routes/pvp-rooms.js';
import { defineCall } from './call.js';
import { GameItem } from './catalogue.js';

/**
 * PVP rooms (spec §7.3 `GLS2_roomList`, read from `value.content`): a PVP vendor's catalogue games are its rooms
 * (a card game's table, a tournament). A room launches through `POST /wps/game/launchGame` with `roomId` = the
 * room's `roomId` and its `vassalage`. With no PVP vendor the list is empty and the PVP category stays hidden.
 * Token-free, as every lobby read (docs/decisions.md "Platform").
 */

export const PvpRoom = Type.Object({
  ...GameItem.properties,
  roomId: Type.String({ description: 'What launchGame takes as roomId (the game code in the catalogue)' }),
  roomName: Type.String({ description: "The room's name in the request's language" }),
});
export type PvpRoom = Static<typeof PvpRoom>;

export const getRoomList = defineCall(routes.getRoomList, {
  tags: ['games'],
  summary: "The rooms of the merchant's PVP vendors (or of one), in catalogue order; empty when there is none",
  querystring: Type.Object({
    vassalage: Type.Optional(Type.String({ pattern: VASSALAGE_PATTERN, description: 'One PVP vendor only' })),
    language: Type.Optional(
      Type.String({ maxLength: 10, description: 'Language code; the Language header is used when absent' }),
    ),
  }),
  value: Type.Object({ content: Type.Array(PvpRoom) }),
});
