import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../admin/program.js';
import type { Db } from '../../db/connect.js';
import { seedDemoMerchant } from '../../db/seed/demo-merchant.js';
import { createTestDb } from '../../test/test-db.js';
import { createTestServices } from '../../test/test-services.js';
import type { SiteSettingsService } from '../site-settings/service.js';
import { DEMO_CATALOGUE_FILE } from './seed.js';

describe('catalogue operator commands', () => {
  let db: Db;
  let services: ReturnType<typeof createTestServices>;
  let settings: SiteSettingsService;
  let dir: string;
  const admin = (...argv: string[]) => runAdmin(argv, services);
  const writeFile = (name: string, content: unknown) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
    return file;
  };
  const demo = () => JSON.parse(fs.readFileSync(DEMO_CATALOGUE_FILE, 'utf8'));
  const demoGames: { vassalage: string }[] = demo().games;
  const slotGames = demoGames.filter((game) => game.vassalage === 'TESSERA_RNG').length;

  beforeAll(async () => {
    db = await createTestDb();
    services = createTestServices(db);
    settings = services.siteSettings;
    await seedDemoMerchant(db.kysely, settings);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-catalogue-'));
  });
  afterAll(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('shows categories in order with vendors, game counts, and which categories stay hidden', async () => {
    const result = await admin('catalogue', 'show');
    expect(result).toEqual({
      exitCode: 0,
      output: [
        'catalogue of demo',
        'ELOTT (order 10): 1 vendor, shown',
        '  TESSERA_ELOTT [active] games: 1 active',
        'LOTT (order 20): 1 vendor, shown',
        '  TESSERA_LOTT [active] games: 2 active',
        'LIVE (order 30): 0 vendors, hidden',
        'SPORTS (order 40): 0 vendors, hidden',
        'FISH (order 50): 0 vendors, hidden',
        'RNG (order 60): 1 vendor, shown',
        `  TESSERA_RNG [active] games: ${slotGames} active`,
        'PVP (order 70): 0 vendors, hidden',
        'ESPORTS (order 80): 0 vendors, hidden',
      ].join('\n'),
    });
  });

  it('imports a file and prints what was created, updated and unchanged', async () => {
    const file = demo();
    file.games[1].isHot = false;
    const result = await admin('catalogue', 'import', writeFile('changed.json', file));
    expect(result.exitCode).toBe(0);
    expect(result.output.split('\n')).toEqual([
      `imported ${path.join(dir, 'changed.json')} into demo`,
      '  categories: 0 created, 0 updated, 8 unchanged',
      `  classifies: 0 created, 0 updated, ${demo().classifies.length} unchanged`,
      '  vendors: 0 created, 0 updated, 3 unchanged',
      `  games: 0 created, 1 updated, ${demoGames.length - 1} unchanged`,
    ]);
    expect((await admin('catalogue', 'import', DEMO_CATALOGUE_FILE)).output).toContain(
      `games: 0 created, 1 updated, ${demoGames.length - 1} unchanged`,
    );
  });

  it('prints every problem of a bad file with its JSON path and changes nothing', async () => {
    const file = demo();
    file.vendors[0].displayName = 'Changed';
    file.games[3].gameId = 'has space';
    file.games[4].classify = 'NOPE';
    const result = await admin('catalogue', 'import', writeFile('bad.json', file));
    expect(result.exitCode).toBe(1);
    expect(result.output.split('\n')).toEqual([
      '/games/3/gameId: must match pattern "^[A-Za-z0-9_.-]{1,64}$"',
      'error: catalogue file rejected (1 problem); nothing was changed',
    ]);
    file.games[3].gameId = 'TS_VN_LOTTO';
    const dangling = await admin('catalogue', 'import', writeFile('bad.json', file));
    expect(dangling.output.split('\n')).toEqual([
      '/games/4/classify: unknown class NOPE (not in the file or the catalogue)',
      'error: catalogue file rejected (1 problem); nothing was changed',
    ]);
    expect((await admin('catalogue', 'show')).output).not.toContain('Changed');
    expect((await admin('catalogue', 'import', DEMO_CATALOGUE_FILE)).output).toContain(
      'vendors: 0 created, 0 updated, 3 unchanged',
    );
  });

  it('refuses a file it cannot read or parse, and an unknown merchant', async () => {
    const missing = await admin('catalogue', 'import', path.join(dir, 'missing.json'));
    expect(missing.exitCode).toBe(1);
    expect(missing.output).toMatch(/^error: cannot read .*missing\.json/);
    expect((await admin('catalogue', 'import', writeFile('broken.json', '{"format":'))).output).toMatch(/^error: cannot read/);
    const other = await admin('--merchant', 'nobody', 'catalogue', 'import', DEMO_CATALOGUE_FILE);
    expect(other).toEqual({ exitCode: 1, output: 'error: unknown merchant nobody' });
  });

  it('puts a vendor, then a game, into maintenance and back', async () => {
    expect(await admin('catalogue', 'set-status', 'TESSERA_RNG', 'maintenance')).toEqual({
      exitCode: 0,
      output: 'vendor TESSERA_RNG is now maintenance',
    });
    expect((await admin('catalogue', 'show')).output).toContain('RNG (order 60): 1 vendor, hidden');
    expect((await admin('catalogue', 'set-status', 'TESSERA_RNG', 'active')).exitCode).toBe(0);
    expect((await admin('catalogue', 'set-status', 'TS_CLASSIC_SEVENS', 'maintenance')).output).toBe(
      'game TESSERA_RNG/TS_CLASSIC_SEVENS is now maintenance',
    );
    expect((await admin('catalogue', 'show')).output).toContain(
      `  TESSERA_RNG [active] games: ${slotGames - 1} active, 1 maintenance`,
    );
    expect((await admin('catalogue', 'set-status', 'TESSERA_RNG/TS_CLASSIC_SEVENS', 'active')).output).toBe(
      'game TESSERA_RNG/TS_CLASSIC_SEVENS is now active',
    );
  });

  it('refuses an unknown target, an unknown status, and a game code shared by two vendors', async () => {
    expect(await admin('catalogue', 'set-status', 'NOPE', 'active')).toEqual({
      exitCode: 1,
      output: 'error: no vendor or game NOPE in merchant demo',
    });
    const badStatus = await admin('catalogue', 'set-status', 'TESSERA_RNG', 'paused');
    expect(badStatus.exitCode).toBe(1);
    expect(badStatus.output).toContain('expected one of active, maintenance, retired');

    const file = demo();
    file.games.push({ ...file.games[0], vassalage: 'TESSERA_LOTT', classify: 'SEA_LOTTERY' });
    await admin('catalogue', 'import', writeFile('shared.json', file));
    expect(await admin('catalogue', 'set-status', 'TS_LOTUS_FORTUNE', 'retired')).toEqual({
      exitCode: 1,
      output:
        'error: game code TS_LOTUS_FORTUNE exists under several vendors; name one of: TESSERA_RNG/TS_LOTUS_FORTUNE, TESSERA_LOTT/TS_LOTUS_FORTUNE',
    });
    expect((await admin('catalogue', 'set-status', 'TESSERA_LOTT/TS_LOTUS_FORTUNE', 'retired')).exitCode).toBe(0);
    expect((await admin('catalogue', 'show')).output).toContain('  TESSERA_LOTT [active] games: 2 active, 1 retired');
  });

  it("sets a game's and a vendor's order and hot flag through the back office's service, audited with before and after", async () => {
    const hotIds = async () => (await services.catalogue.hotGames('demo', 'en', 'TESSERA_RNG')).map((game) => game.gameId);
    expect(await hotIds()).toContain('TS_CLASSIC_SEVENS');

    expect(await admin('--actor', 'cli:ops', 'catalogue', 'set-hot', 'TESSERA_RNG/TS_CLASSIC_SEVENS', 'off')).toEqual({
      exitCode: 0,
      output: 'TESSERA_RNG/TS_CLASSIC_SEVENS: order 20, not hot, active',
    });
    expect(await hotIds()).not.toContain('TS_CLASSIC_SEVENS');
    expect((await admin('catalogue', 'set-order', 'TESSERA_RNG/TS_CLASSIC_SEVENS', '5')).output).toBe(
      'TESSERA_RNG/TS_CLASSIC_SEVENS: order 5, not hot, active',
    );
    expect((await admin('catalogue', 'set-order', 'TESSERA_LOTT', '7')).output).toBe('TESSERA_LOTT: order 7, hot, active');

    const { entries } = await services.auditLog.page({ action: 'catalogue.game' }, 0, 2);
    expect(entries.map((entry) => [entry.actor, entry.actorKind, entry.target, entry.before, entry.after])).toEqual([
      [
        expect.stringMatching(/^cli:/),
        'cli',
        'TESSERA_RNG/TS_CLASSIC_SEVENS',
        { status: 'active', sortOrder: 20, hot: false },
        { status: 'active', sortOrder: 5, hot: false },
      ],
      [
        'cli:ops',
        'cli',
        'TESSERA_RNG/TS_CLASSIC_SEVENS',
        { status: 'active', sortOrder: 20, hot: true },
        { status: 'active', sortOrder: 20, hot: false },
      ],
    ]);

    expect(await admin('catalogue', 'set-hot', 'TESSERA_RNG/TS_CLASSIC_SEVENS', 'off')).toEqual({
      exitCode: 1,
      output: 'error: catalogue.unchanged',
    });
    expect((await admin('catalogue', 'set-hot', 'TESSERA_RNG/NOPE', 'on')).output).toBe('error: catalogue.target.unknown');
    expect((await admin('catalogue', 'set-order', 'TESSERA_RNG/a/b', '1')).output).toContain('expected a vendor (VASSALAGE)');
    expect((await admin('catalogue', 'set-order', 'TESSERA_RNG', '2000000')).output).toBe('error: order must be at most 1000000');
    expect((await admin('catalogue', 'set-hot', 'TESSERA_RNG', 'maybe')).exitCode).not.toBe(0);
  });
});
