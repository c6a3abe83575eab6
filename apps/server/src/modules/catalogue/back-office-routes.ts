import * as api from '@tessera/contract/api/back-office-games';
import type { CatalogueStatus } from '@tessera/contract/catalogue/categories';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { csvExport } from '../../http/csv-export.js';
import type { HttpContext } from '../../http/http-context.js';
import { registerCall } from '../../http/register-call.js';
import { staffOf } from '../../http/request-context.js';
import type { AuditActor } from '../audit-log/service.js';
import type * as adminRepo from './admin-repo.js';
import type { CatalogueAdminService } from './admin-service.js';
import { nameIn } from './names.js';

const actorOf = (request: FastifyRequest): AuditActor => ({ actor: staffOf(request).name, kind: 'staff', ip: request.ip });

const toVendor = (row: adminRepo.AdminVendorRow): api.AdminVendor => ({
  vassalage: row.vassalage,
  displayName: row.display_name,
  category: row.category,
  status: row.status as CatalogueStatus,
  sortOrder: row.sort_order,
  hot: row.is_hot,
  games: row.games,
  updatedAt: row.updated_at.getTime(),
});

const toGame = (row: adminRepo.AdminGameRow): api.AdminGame => ({
  vassalage: row.vassalage,
  gameCode: row.game_code,
  name: nameIn(row.names, 'en'),
  category: row.category,
  status: row.status as CatalogueStatus,
  vendorStatus: row.vendor_status as CatalogueStatus,
  sortOrder: row.sort_order,
  hot: row.is_hot,
  popularity: row.popularity,
  updatedAt: row.updated_at.getTime(),
});

type VendorQuery = Omit<adminRepo.AdminVendorFilter, 'sort' | 'order'> & Partial<adminRepo.AdminVendorFilter>;
const vendorFilter = (query: VendorQuery): adminRepo.AdminVendorFilter => ({
  category: query.category,
  status: query.status,
  search: query.search,
  sort: query.sort ?? 'order',
  order: query.order ?? 'asc',
});

type GameQuery = Omit<adminRepo.AdminGameFilter, 'sort' | 'order'> & Partial<adminRepo.AdminGameFilter>;
const gameFilter = (query: GameQuery): adminRepo.AdminGameFilter => ({
  vassalage: query.vassalage,
  status: query.status,
  hot: query.hot,
  search: query.search,
  sort: query.sort ?? 'order',
  order: query.order ?? 'asc',
});

const iso = (epochMs: number) => new Date(epochMs).toISOString();

/** The games screen's catalogue calls: the catalogue's own operations, as `npm run admin -- catalogue …` uses. */
export function catalogueBackOfficeRoutes(
  app: FastifyInstance,
  http: HttpContext,
  { catalogueAdmin }: { catalogueAdmin: CatalogueAdminService },
) {
  registerCall(app, http, api.vendorList, async (request) => {
    const pageSize = request.query.pageSize ?? 25;
    const page = request.query.page ?? 1;
    const filter = vendorFilter(request.query);
    const { rows, total } = await catalogueAdmin.vendors(request.merchantCode, filter, (page - 1) * pageSize, pageSize);
    return { items: rows.map(toVendor), total };
  });

  registerCall(app, http, api.vendorExport, async (request) => {
    const filter = vendorFilter(request.query);
    const { rows, total } = await catalogueAdmin.vendors(request.merchantCode, filter, 0, api.GAMES_EXPORT_MAX);
    const lines = rows
      .map(toVendor)
      .map((v) => [
        v.vassalage,
        v.displayName,
        v.category,
        v.status,
        String(v.sortOrder),
        v.hot ? 'yes' : 'no',
        String(v.games),
        iso(v.updatedAt),
      ]);
    return csvExport(['vendor', 'name', 'category', 'status', 'order', 'hot', 'games', 'updated'], lines, total);
  });

  registerCall(app, http, api.vendorUpdate, async (request) => {
    const { vassalage, ...change } = request.body;
    return toVendor(await catalogueAdmin.updateVendor(request.merchantCode, vassalage, change, actorOf(request)));
  });

  registerCall(app, http, api.gameList, async (request) => {
    const pageSize = request.query.pageSize ?? 25;
    const page = request.query.page ?? 1;
    const filter = gameFilter(request.query);
    const { rows, total } = await catalogueAdmin.games(request.merchantCode, filter, (page - 1) * pageSize, pageSize);
    return { items: rows.map(toGame), total };
  });

  registerCall(app, http, api.gameExport, async (request) => {
    const filter = gameFilter(request.query);
    const { rows, total } = await catalogueAdmin.games(request.merchantCode, filter, 0, api.GAMES_EXPORT_MAX);
    const lines = rows
      .map(toGame)
      .map((g) => [
        g.vassalage,
        g.gameCode,
        g.name,
        g.category,
        g.status,
        g.vendorStatus,
        String(g.sortOrder),
        g.hot ? 'yes' : 'no',
        String(g.popularity),
        iso(g.updatedAt),
      ]);
    const header = ['vendor', 'game', 'name', 'category', 'status', 'vendor_status', 'order', 'hot', 'popularity', 'updated'];
    return csvExport(header, lines, total);
  });

  registerCall(app, http, api.gameUpdate, async (request) => {
    const { vassalage, gameCode, ...change } = request.body;
    return toGame(await catalogueAdmin.updateGame(request.merchantCode, vassalage, gameCode, change, actorOf(request)));
  });
}
