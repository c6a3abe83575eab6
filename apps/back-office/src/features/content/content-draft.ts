import type { BodyOf } from '@tessera/contract/api/call-types';
import type * as routes from '@tessera/contract/routes/back-office-content';
import { fromLocalInput, toLocalInput } from './local-time';

export type AnnouncementInput = BodyOf<typeof routes.contentCreate>;
export type ContentType = AnnouncementInput['type'];
export const CONTENT_TYPES: ContentType[] = ['PL', 'B', 'PU', 'PR', 'H'];
/** The site's two languages, each with its own title and text. */
export const LANGUAGES = ['en', 'bn'] as const;

/** What the editor's fields hold: text as typed, times as `datetime-local` values. */
export interface ContentDraft {
  type: ContentType;
  platform: 'A' | 'W' | 'M';
  audience: 'players' | 'agents';
  startTime: string;
  endTime: string;
  sortOrder: string;
  image: string;
  groupName: string;
  linkageType: 'none' | 'route' | 'url';
  link: string;
  texts: Record<(typeof LANGUAGES)[number], { title: string; content: string }>;
}

interface ListedItem {
  type: ContentType;
  platform: ContentDraft['platform'];
  audience: ContentDraft['audience'];
  startTime: number;
  endTime: number | null;
  sortOrder: number;
  image: string | null;
  groupName: string | null;
  linkageType: ContentDraft['linkageType'];
  link: string | null;
  texts: Record<string, { title: string; content: string }>;
}

export const emptyDraft = (type: ContentType): ContentDraft => ({
  type,
  platform: 'A',
  audience: 'players',
  startTime: '',
  endTime: '',
  sortOrder: '0',
  image: '',
  groupName: '',
  linkageType: 'none',
  link: '',
  texts: { en: { title: '', content: '' }, bn: { title: '', content: '' } },
});

export const draftOf = (item: ListedItem): ContentDraft => ({
  type: item.type,
  platform: item.platform,
  audience: item.audience,
  startTime: toLocalInput(item.startTime),
  endTime: toLocalInput(item.endTime),
  sortOrder: String(item.sortOrder),
  image: item.image ?? '',
  groupName: item.groupName ?? '',
  linkageType: item.linkageType,
  link: item.link ?? '',
  texts: {
    en: item.texts.en ?? { title: '', content: '' },
    bn: item.texts.bn ?? { title: '', content: '' },
  },
});

/**
 * The call's input: a language appears when it has a title or text; an empty field is left out (meaning none, as
 * for the CLI), since the server's input coercion would read a null as an empty string. The server checks the rest.
 */
export function inputOf(draft: ContentDraft): AnnouncementInput {
  const texts: AnnouncementInput['texts'] = {};
  for (const language of LANGUAGES) {
    const text = draft.texts[language];
    if (text.title.trim() || text.content.trim()) texts[language] = { title: text.title.trim(), content: text.content };
  }
  const startTime = fromLocalInput(draft.startTime);
  const endTime = fromLocalInput(draft.endTime);
  const image = draft.image.trim();
  const groupName = draft.groupName.trim();
  const link = draft.link.trim();
  return {
    type: draft.type,
    platform: draft.platform,
    ...(draft.type === 'PL' ? { audience: draft.audience } : {}),
    ...(startTime ? { startTime } : {}),
    ...(endTime ? { endTime } : {}),
    sortOrder: Number.parseInt(draft.sortOrder, 10) || 0,
    ...(image ? { image } : {}),
    ...(groupName ? { groupName } : {}),
    linkageType: draft.linkageType,
    ...(draft.linkageType !== 'none' && link ? { link } : {}),
    texts,
  };
}
