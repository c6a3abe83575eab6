import type { Db } from '../db/connect.js';
import { loadConfig } from '../platform/config.js';
import { buildServices } from '../services.js';

/** The process's services on a test database, without an app (operator-command tests). */
export const createTestServices = (db: Db) =>
  buildServices({
    config: loadConfig({ LOG_LEVEL: 'silent', SECRET_KEY: 'test-secret-key-of-at-least-32-characters' }),
    db,
    log: null,
  });
