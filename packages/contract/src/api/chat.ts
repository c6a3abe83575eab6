import { type Static, Type } from 'typebox';
import * as routes from '../routes/chat.js';
import { defineCall } from './call.js';
import { RowId } from './row-id.js';

/* Live chat: the player's chat room and the back office's chat console (frames over routes.CHAT_SOCKET_PATH). */

const TAGS = ['chat'];
const BO_TAGS = ['back-office'];
const bypassesGate = true;

/** The key a visitor's browser keeps for its chat: it alone proves the conversation is theirs. */
const VisitorKey = Type.String({ pattern: '^[A-Za-z0-9_-]{32,64}$', description: "A visitor's chat key" });
const Body = Type.String({ minLength: 1, maxLength: routes.CHAT_MESSAGE_MAX, pattern: '\\S' });

export const ChatMessage = Type.Object({
  id: RowId,
  conversationId: RowId,
  sender: Type.Union([Type.Literal('player'), Type.Literal('staff')]),
  staffName: Type.Union([Type.String(), Type.Null()]),
  body: Type.String({ description: 'Empty for a picture sent alone' }),
  image: Type.Union([Type.Object({ width: Type.Integer({ minimum: 1 }), height: Type.Integer({ minimum: 1 }) }), Type.Null()], {
    description: "The picture's stored size; fetched from the image call of the side reading it",
  }),
  at: Type.Integer({ description: 'Epoch ms' }),
});
export type ChatMessage = Static<typeof ChatMessage>;

export const openChat = defineCall(routes.openChat, {
  tags: TAGS,
  summary:
    "Opens the member's (or visitor's) chat, or resumes the one still open; visitors are rate-limited and get a key to keep. A member who sends the key of the chat they had as a visitor takes that chat over (when none of theirs is going)",
  body: Type.Object(
    {
      visitorKey: Type.Optional(VisitorKey),
      name: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: "A visitor's name for the staff" })),
    },
    { additionalProperties: false },
  ),
  value: Type.Object({
    conversationId: RowId,
    visitorKey: Type.Union([VisitorKey, Type.Null()]),
    state: Type.Enum(routes.CHAT_STATES),
    queue: Type.Enum(routes.CHAT_QUEUES),
    onDuty: Type.Boolean({ description: 'Someone in support is on duty now (else messages become a ticket)' }),
    staffReadId: Type.String({ description: 'The last message id the staff have seen' }),
  }),
});

const ConversationRef = {
  conversationId: RowId,
  visitorKey: Type.Optional(VisitorKey),
};

export const sendChat = defineCall(routes.sendChat, {
  tags: TAGS,
  summary: "Sends the player's message to their chat (delivered live to the staff)",
  body: Type.Object({ ...ConversationRef, body: Body }, { additionalProperties: false }),
  value: ChatMessage,
});

const IMAGE_UPLOAD = `multipart/form-data with one \`${routes.CHAT_IMAGE_FIELD}\` file, png or jpg of at most 5 MB and 4096 × 4096 pixels, re-encoded as WebP without metadata (EXIF dropped)`;

export const sendChatImage = defineCall(routes.sendChatImage, {
  tags: TAGS,
  summary: `Sends a picture to the player's chat: ${IMAGE_UPLOAD}; a visitor's key travels in the ${routes.CHAT_VISITOR_HEADER} header`,
  querystring: Type.Object({ conversationId: RowId }, { additionalProperties: false }),
  value: ChatMessage,
});

export const readChat = defineCall(routes.readChat, {
  tags: TAGS,
  summary: 'Marks the staff messages up to an id seen by the player (a read receipt)',
  body: Type.Object({ ...ConversationRef, upToId: RowId }, { additionalProperties: false }),
  value: Type.Null(),
});

export const ConsoleConversation = Type.Object({
  id: RowId,
  name: Type.String({ description: "The member's account, or the visitor's name" }),
  member: Type.Boolean(),
  queue: Type.Enum(routes.CHAT_QUEUES),
  state: Type.Enum(routes.CHAT_STATES),
  staffName: Type.Union([Type.String(), Type.Null()]),
  lastMessage: Type.Union([Type.String(), Type.Null()]),
  lastIsImage: Type.Boolean({ description: 'The last message carries a picture' }),
  lastMessageAt: Type.Integer({ description: 'Epoch ms' }),
  unread: Type.Integer({ minimum: 0, description: 'Player messages the staff have not seen' }),
  playerReadId: Type.String(),
});
export type ConsoleConversation = Static<typeof ConsoleConversation>;

export const consoleList = defineCall(routes.consoleList, {
  tags: BO_TAGS,
  bypassesGate,
  summary: 'Chats by state (VIP first, then oldest waiting), or every chat whose transcript or name matches a search',
  querystring: Type.Object(
    {
      state: Type.Optional(Type.Enum(routes.CHAT_STATES)),
      q: Type.Optional(Type.String({ minLength: 2, maxLength: 100 })),
    },
    { additionalProperties: false },
  ),
  value: Type.Array(ConsoleConversation),
});

export const consoleTranscript = defineCall(routes.consoleTranscript, {
  tags: BO_TAGS,
  bypassesGate,
  summary: 'A chat and its whole transcript',
  querystring: Type.Object({ id: RowId }, { additionalProperties: false }),
  value: Type.Object({ conversation: ConsoleConversation, messages: Type.Array(ChatMessage) }),
});

const IdBody = Type.Object({ id: RowId }, { additionalProperties: false });

export const consoleAssign = defineCall(routes.consoleAssign, {
  tags: BO_TAGS,
  bypassesGate,
  summary: 'Takes a waiting chat or a ticket (assigned to the calling staff member)',
  body: IdBody,
  value: ConsoleConversation,
});

export const consoleSend = defineCall(routes.consoleSend, {
  tags: BO_TAGS,
  bypassesGate,
  summary: 'Answers a chat (taking it when nobody has)',
  body: Type.Object({ id: RowId, body: Body }, { additionalProperties: false }),
  value: ChatMessage,
});

export const consoleSendImage = defineCall(routes.consoleSendImage, {
  tags: BO_TAGS,
  bypassesGate,
  summary: `Answers a chat with a picture (taking it when nobody has): ${IMAGE_UPLOAD}`,
  querystring: Type.Object({ id: RowId }, { additionalProperties: false }),
  value: ChatMessage,
});

export const consoleRead = defineCall(routes.consoleRead, {
  tags: BO_TAGS,
  bypassesGate,
  summary: "Marks the player's messages up to an id seen by the staff (a read receipt)",
  body: Type.Object({ id: RowId, upToId: RowId }, { additionalProperties: false }),
  value: Type.Null(),
});

export const consoleClose = defineCall(routes.consoleClose, {
  tags: BO_TAGS,
  bypassesGate,
  summary: 'Closes a chat (its transcript is kept)',
  body: IdBody,
  value: Type.Null(),
});

export const consoleDuty = defineCall(routes.consoleDuty, {
  tags: BO_TAGS,
  bypassesGate,
  summary: 'Puts the calling staff member on duty for two minutes (the open console renews it) or off duty',
  body: Type.Object({ onDuty: Type.Boolean() }, { additionalProperties: false }),
  value: Type.Object({ onDuty: Type.Integer({ minimum: 0, description: 'Staff on duty now' }) }),
});

export const CannedReply = Type.Object({ id: RowId, title: Type.String(), body: Type.String() });
export type CannedReply = Static<typeof CannedReply>;

export const cannedList = defineCall(routes.cannedList, {
  tags: BO_TAGS,
  bypassesGate,
  summary: "The merchant's canned replies",
  value: Type.Array(CannedReply),
});

export const cannedAdd = defineCall(routes.cannedAdd, {
  tags: BO_TAGS,
  bypassesGate,
  summary: 'Adds a canned reply',
  body: Type.Object(
    { title: Type.String({ minLength: 1, maxLength: 60, pattern: '\\S' }), body: Body },
    { additionalProperties: false },
  ),
  value: CannedReply,
});
