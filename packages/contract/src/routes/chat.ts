import type { CallRoute } from '../api/call.js';
import type { CallPermission } from '../staff-permissions.js';

/*
 * Live chat: the player's chat room (members and visitors) and the back office's chat console. Messages are sent
 * with these calls; they arrive, with typing and read receipts, over the WebSocket at CHAT_SOCKET_PATH.
 */

type BackOfficeRoute = CallRoute & { permission: CallPermission };

/** The WebSocket every chat client (player or staff) opens; its frames are the CHAT_FRAMES below. */
export const CHAT_SOCKET_PATH = '/wps/chat/live';
export const CHAT_MESSAGE_MAX = 2000;
export const CHAT_QUEUES = ['general', 'vip'] as const;
export const CHAT_STATES = ['waiting', 'open', 'ticket', 'closed'] as const;
export type ChatQueue = (typeof CHAT_QUEUES)[number];
export type ChatState = (typeof CHAT_STATES)[number];

/** Frame types: the client's `hello` (once), `watch` (staff: the conversation on screen) and `typing`. */
export const CHAT_FRAMES = {
  hello: 'hello',
  watch: 'watch',
  typing: 'typing',
  ready: 'ready',
  message: 'message',
  read: 'read',
  queue: 'queue',
  refused: 'refused',
} as const;

export const openChat = {
  id: 'chat.open',
  method: 'POST',
  path: '/wps/chat/open',
  auth: 'optional',
} as const satisfies CallRoute;

export const sendChat = {
  id: 'chat.send',
  method: 'POST',
  path: '/wps/chat/send',
  auth: 'optional',
} as const satisfies CallRoute;

export const readChat = {
  id: 'chat.read',
  method: 'POST',
  path: '/wps/chat/read',
  auth: 'optional',
} as const satisfies CallRoute;

export const consoleList = {
  id: 'bo.chat.list',
  method: 'GET',
  path: '/bo/api/chat/conversations',
  auth: 'staff',
  permission: 'players.manage',
} as const satisfies BackOfficeRoute;

export const consoleTranscript = {
  id: 'bo.chat.transcript',
  method: 'GET',
  path: '/bo/api/chat/transcript',
  auth: 'staff',
  permission: 'players.manage',
} as const satisfies BackOfficeRoute;

export const consoleAssign = {
  id: 'bo.chat.assign',
  method: 'POST',
  path: '/bo/api/chat/assign',
  auth: 'staff',
  permission: 'players.manage',
} as const satisfies BackOfficeRoute;

export const consoleSend = {
  id: 'bo.chat.send',
  method: 'POST',
  path: '/bo/api/chat/send',
  auth: 'staff',
  permission: 'players.manage',
} as const satisfies BackOfficeRoute;

export const consoleRead = {
  id: 'bo.chat.read',
  method: 'POST',
  path: '/bo/api/chat/read',
  auth: 'staff',
  permission: 'players.manage',
} as const satisfies BackOfficeRoute;

export const consoleClose = {
  id: 'bo.chat.close',
  method: 'POST',
  path: '/bo/api/chat/close',
  auth: 'staff',
  permission: 'players.manage',
} as const satisfies BackOfficeRoute;

export const consoleDuty = {
  id: 'bo.chat.duty',
  method: 'POST',
  path: '/bo/api/chat/duty',
  auth: 'staff',
  permission: 'players.manage',
} as const satisfies BackOfficeRoute;

export const cannedList = {
  id: 'bo.chat.canned',
  method: 'GET',
  path: '/bo/api/chat/canned',
  auth: 'staff',
  permission: 'players.manage',
} as const satisfies BackOfficeRoute;

export const cannedAdd = {
  id: 'bo.chat.cannedAdd',
  method: 'POST',
  path: '/bo/api/chat/canned',
  auth: 'staff',
  permission: 'players.manage',
} as const satisfies BackOfficeRoute;

/**
 * Pictures in a chat (the feedback upload rule: png or jpg by their bytes, 5 MB), re-encoded as WebP by the server;
 * served to the chat's two sides only, so a page fetches them with its credentials and shows them from memory.
 */
export const CHAT_IMAGE_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  types: ['image/png', 'image/jpeg'],
  maxInputPixels: 4096 * 4096,
  /** The longest side of the stored picture and of its thumbnail. */
  fullSide: 1600,
  thumbSide: 320,
} as const;
export const CHAT_IMAGE_FIELD = 'image';
export const CHAT_IMAGE_SIZES = ['thumb', 'full'] as const;
export type ChatImageSize = (typeof CHAT_IMAGE_SIZES)[number];
/** A visitor's chat key on the picture calls, whose input is a file or an image: a header, never the URL. */
export const CHAT_VISITOR_HEADER = 'x-chat-visitor';

export const sendChatImage = {
  id: 'chat.image-send',
  method: 'PUT',
  path: '/wps/chat/image',
  auth: 'optional',
} as const satisfies CallRoute;

/** The picture itself (WebP bytes, not an envelope): ?conversationId=&messageId=&size=thumb|full. */
export const chatImage = {
  id: 'chat.image',
  method: 'GET',
  path: '/wps/chat/image',
  auth: 'optional',
} as const satisfies CallRoute;

export const consoleSendImage = {
  id: 'bo.chat.imageSend',
  method: 'PUT',
  path: '/bo/api/chat/image',
  auth: 'staff',
  permission: 'players.manage',
} as const satisfies BackOfficeRoute;

/** The picture itself (WebP bytes, not an envelope): ?id=&messageId=&size=thumb|full. */
export const consoleImage = {
  id: 'bo.chat.image',
  method: 'GET',
  path: '/bo/api/chat/image',
  auth: 'staff',
  permission: 'players.manage',
} as const satisfies BackOfficeRoute;
