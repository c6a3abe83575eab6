import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { type AuditActor, appendAudit } from '../audit-log/service.js';
import * as adminRepo from './admin-repo.js';
import { changeGame, changeVendor } from './operations.js';

const vendorRecord = (row: adminRepo.AdminVendorRow) => ({ status: row.status, sortOrder: row.sort_order, hot: row.is_hot });
const gameRecord = (row: adminRepo.AdminGameRow) => ({ status: row.status, sortOrder: row.sort_order, hot: row.is_hot });
const same = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The back office's catalogue: every vendor and game whatever its status, and changes to their status, order and
 * hot flag through the catalogue operations `catalogue set-status` runs, each audited with before and after in the
 * change's transaction. A change that changes nothing is refused (409 `catalogue.unchanged`) and leaves no entry.
 */
export class CatalogueAdminService {
  constructor(private readonly db: Kysely<Database>) {}

  async vendors(merchantCode: string, filter: adminRepo.AdminVendorFilter, offset: number, limit: number) {
    const [rows, total] = await Promise.all([
      adminRepo.selectAdminVendors(this.db, merchantCode, filter, offset, limit),
      adminRepo.countAdminVendors(this.db, merchantCode, filter),
    ]);
    return { rows, total };
  }

  async games(merchantCode: string, filter: adminRepo.AdminGameFilter, offset: number, limit: number) {
    const [rows, total] = await Promise.all([
      adminRepo.selectAdminGames(this.db, merchantCode, filter, offset, limit),
      adminRepo.countAdminGames(this.db, merchantCode, filter),
    ]);
    return { rows, total };
  }

  updateVendor(merchantCode: string, vassalage: string, change: adminRepo.CatalogueChange, by: AuditActor) {
    return this.db.transaction().execute(async (trx) => {
      const changed = await changeVendor(trx, merchantCode, vassalage, change);
      if (!changed) throw new AppError('catalogue.target.unknown');
      const before = vendorRecord(changed.before);
      const after = vendorRecord(changed.after);
      if (same(before, after)) throw new AppError('catalogue.unchanged');
      await appendAudit(trx, by, { action: 'catalogue.vendor', merchantCode, target: vassalage, before, after });
      return changed.after;
    });
  }

  updateGame(merchantCode: string, vassalage: string, gameCode: string, change: adminRepo.CatalogueChange, by: AuditActor) {
    return this.db.transaction().execute(async (trx) => {
      const changed = await changeGame(trx, merchantCode, vassalage, gameCode, change);
      if (!changed) throw new AppError('catalogue.target.unknown');
      const before = gameRecord(changed.before);
      const after = gameRecord(changed.after);
      if (same(before, after)) throw new AppError('catalogue.unchanged');
      await appendAudit(trx, by, { action: 'catalogue.game', merchantCode, target: `${vassalage}/${gameCode}`, before, after });
      return changed.after;
    });
  }
}
