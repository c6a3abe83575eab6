import type { LotteryMenuItem, LotteryPrizeMode, OpenedNumero } from '@tessera/contract/api/lottery';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/app-error.js';
import { nameIn } from '../catalogue/names.js';
import { ELOTT_VENDOR, LOTT_VENDOR, type LotteryGameDef } from './games.js';
import * as repo from './repo.js';
import type { LotteryService } from './service.js';
import { drawView } from './views.js';

/** How many recently played games the recent menu lists. */
const RECENT_GAMES = 10;

function openedNumero(row: repo.DrawRow): OpenedNumero {
  const view = drawView(row);
  if (view.result === null || view.winningNumber === null) throw new Error(`draw ${row.id} has no result`);
  return {
    gameCode: view.gameCode,
    drawId: view.drawId,
    numero: view.numero,
    openTime: view.drawAt,
    winningNumber: view.winningNumber,
    result: view.result,
  };
}

/**
 * The lottery reads of spec §7.3 (VN lottery menu and recent, opened numbers, latest opened numbers), from the
 * real draws: the menu lists the merchant's catalogue lottery games that the house runs, each with the draw
 * taking bets and the latest result.
 */
export class LotteryMenus {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly lottery: LotteryService,
  ) {}

  async menu(merchant: string, language: string, prizeMode?: LotteryPrizeMode, onlyGames?: string[]): Promise<LotteryMenuItem[]> {
    const listed = await repo.selectCatalogueLotteryGames(this.db, merchant, [LOTT_VENDOR, ELOTT_VENDOR]);
    const games = listed.flatMap((row) => {
      const game = this.lottery.game(row.game_code);
      if (!game || game.vendor !== row.vassalage) return [];
      if (prizeMode && game.prizeMode !== prizeMode) return [];
      if (onlyGames && !onlyGames.includes(game.gameCode)) return [];
      const status = row.status === 'active' && row.vendor_status === 'active' ? ('active' as const) : ('maintenance' as const);
      return [{ game, row, status }];
    });
    const items = await Promise.all(
      games.map(async ({ game, row, status }) => {
        const [open, last] = await this.openAndLast(game);
        return {
          gameCode: game.gameCode,
          gameName: nameIn(row.names, language),
          vendor: game.vendor,
          category: game.category,
          kind: game.kind,
          prizeMode: game.prizeMode,
          icon: row.icon,
          status,
          numero: open?.numero ?? null,
          drawAt: open?.draw_at.getTime() ?? null,
          closeAt: open?.close_at.getTime() ?? null,
          lastNumero: last?.numero ?? null,
          lastWinningNumber: last ? drawView(last).winningNumber : null,
        };
      }),
    );
    if (!onlyGames) return items;
    return items.sort((a, b) => onlyGames.indexOf(a.gameCode) - onlyGames.indexOf(b.gameCode));
  }

  /** The member's recently played lottery games (latest ticket first), as menu items. */
  async recent(merchant: string, memberId: bigint, language: string, prizeMode?: LotteryPrizeMode) {
    const recent = await repo.selectRecentGames(this.db, merchant, memberId, RECENT_GAMES);
    return recent.length === 0 ? [] : this.menu(merchant, language, prizeMode, recent);
  }

  async openedNumeros(gameCode: string, count: number): Promise<OpenedNumero[]> {
    if (!this.lottery.game(gameCode)) throw new AppError('game.not.found');
    return (await repo.selectDrawnDraws(this.db, gameCode, 0, count)).map(openedNumero);
  }

  async latestOpened(gameCode?: string) {
    const games = gameCode ? [this.lottery.game(gameCode)] : this.lottery.games();
    if (games.some((game) => game === undefined)) throw new AppError('game.not.found');
    const latest = await Promise.all(
      (games as LotteryGameDef[]).map(async (game) => {
        const [open, last] = await this.openAndLast(game);
        if (!last) return [];
        return [{ ...openedNumero(last), nextNumero: open?.numero ?? null, nextDrawAt: open?.draw_at.getTime() ?? null }];
      }),
    );
    return latest.flat();
  }

  private async openAndLast(game: LotteryGameDef) {
    const [open, last] = await Promise.all([
      repo.selectOpenDraws(this.db, game.gameCode, 1),
      repo.selectDrawnDraws(this.db, game.gameCode, 0, 1),
    ]);
    return [open[0], last[0]] as const;
  }
}
