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

/** Generic marks drawn for this project (apps/server/static/catalogue/payments), no third-party trademarks. */
export const DEMO_PAYMENT_METHODS: Resource[] = [
  method('BANK', 'bank-transfer.4eb2ed9e.svg', 'Bank transfer', '银行转账'),
  method('EWALLET', 'e-wallet.212332af.svg', 'E-wallet', '电子钱包'),
  method('CARD', 'card.38acfdfa.svg', 'Card', '银行卡'),
  method('DEMO', 'demo-play-money.ce711683.svg', 'Demo play money', '演示币'),
];
