import type { Resource } from '@tessera/contract/settings';
import { ARTWORK_PREFIX } from '../../modules/catalogue/artwork.js';

/**
 * The footer's payment-method logos are `resources` whose resourceType starts with this prefix (spec 2.2): url
 * is the logo, labelNameEn its name (the image's alt text). Keyed by type, so one entry per method.
 */
export const PAYMENT_RESOURCE_PREFIX = 'PAYMENT_';

const logo = (file: string) => `${ARTWORK_PREFIX}payments/${file}`;
const method = (type: string, file: string, labelNameEn: string, labelNameCn: string): Resource => ({
  resourceType: `${PAYMENT_RESOURCE_PREFIX}${type}`,
  url: logo(file),
  qrCodeUrl: '',
  labelNameEn,
  labelNameCn,
});

/**
 * Generic marks drawn for this project (apps/server/static/catalogue/payments), no third-party trademarks. The demo
 * shows only the one for its only deposit channel (play money); bank, e-wallet and card marks are there for an
 * operator who adds such channels.
 */
export const DEMO_PAYMENT_METHODS: Resource[] = [method('DEMO', 'demo-play-money.ce711683.svg', 'Demo play money', '演示币')];
