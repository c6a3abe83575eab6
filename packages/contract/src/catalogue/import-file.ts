import { type Static, Type } from 'typebox';
import {
  CatalogueStatus,
  CLASSIFY_PATTERN,
  GAME_ID_PATTERN,
  GameCategory,
  ICON_PATH_PATTERN,
  VASSALAGE_PATTERN,
  VendorOpenMode,
} from './categories.js';

/**
 * The catalogue import file (`npm run admin -- catalogue import <file>`). Rows are upserted by their natural
 * keys: category code, classify key, vassalage, and vassalage + gameId. Rows not in the file are left alone;
 * `status` is operational state, so when a row omits it an existing row keeps its status (new rows are active).
 */
export const CATALOGUE_FORMAT = 'tessera.catalogue/1';

const SortOrder = Type.Integer({ minimum: 0, maximum: 1_000_000 });
const IconPath = Type.String({ pattern: ICON_PATH_PATTERN, maxLength: 255 });
const LanguageCode = Type.String({ pattern: '^[a-z]{2}$' });
const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '^[^\\u0000-\\u001f]+$' });

/** Names by language code; `en` is required because it is the fallback for every other language. */
export const LocalizedNames = Type.Intersect([
  Type.Object({ en: Name }),
  Type.Record(LanguageCode, Name, { additionalProperties: false }),
]);
export type LocalizedNames = { en: string } & Record<string, string>;

export const ImportCategory = Type.Object(
  {
    code: GameCategory,
    sortOrder: SortOrder,
    enabled: Type.Boolean({ description: 'A disabled category is hidden whatever its vendors' }),
  },
  { additionalProperties: false },
);

export const ImportClassify = Type.Object(
  {
    key: Type.String({ pattern: CLASSIFY_PATTERN }),
    names: LocalizedNames,
    sortOrder: SortOrder,
  },
  { additionalProperties: false },
);

export const ImportVendor = Type.Object(
  {
    vassalage: Type.String({ pattern: VASSALAGE_PATTERN }),
    displayName: Type.String({ minLength: 1, maxLength: 60, pattern: '^[^\\u0000-\\u001f]+$' }),
    category: GameCategory,
    accountTypeName: Type.String({ pattern: '^[A-Z0-9_]{2,40}$', description: 'e.g. LOTT, ELOTT, TCG_SEA, TCG_LOTTO_VN' }),
    sortOrder: SortOrder,
    isHot: Type.Boolean(),
    isGame: VendorOpenMode,
    icon: IconPath,
    largeIcon: Type.Optional(IconPath),
    status: Type.Optional(CatalogueStatus),
  },
  { additionalProperties: false },
);

export const ImportGame = Type.Object(
  {
    vassalage: Type.String({ pattern: VASSALAGE_PATTERN }),
    gameId: Type.String({ pattern: GAME_ID_PATTERN }),
    names: LocalizedNames,
    classify: Type.String({ pattern: CLASSIFY_PATTERN }),
    icon: IconPath,
    isHot: Type.Boolean(),
    popularity: Type.Integer({ minimum: 0, maximum: 1_000_000_000 }),
    defaultPlayType: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_]{1,40}$' })),
    sortOrder: SortOrder,
    status: Type.Optional(CatalogueStatus),
  },
  { additionalProperties: false },
);

export const CatalogueImportFile = Type.Object(
  {
    format: Type.Literal(CATALOGUE_FORMAT),
    categories: Type.Optional(Type.Array(ImportCategory, { maxItems: 8 })),
    classifies: Type.Optional(Type.Array(ImportClassify, { maxItems: 500 })),
    vendors: Type.Optional(Type.Array(ImportVendor, { maxItems: 2000 })),
    games: Type.Optional(Type.Array(ImportGame, { maxItems: 100_000 })),
  },
  { additionalProperties: false },
);
export type CatalogueImportFile = Static<typeof CatalogueImportFile>;
export type ImportCategory = Static<typeof ImportCategory>;
export type ImportClassify = Static<typeof ImportClassify>;
export type ImportVendor = Static<typeof ImportVendor>;
export type ImportGame = Static<typeof ImportGame>;
