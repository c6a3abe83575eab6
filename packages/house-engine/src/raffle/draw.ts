// A raffle's draw, recomputable by anyone from the revealed server seed and the published ticket list: tickets are
// numbered 0…N−1 in the list's order (each holder's tickets consecutive), and place k's winning ticket is the next
// uniformInt(N) of the round's fair stream; a ticket of a holder who already won a place is passed over and the
// next number drawn, so each holder wins at most one prize. Changing anything here changes every past draw.
import { FairStream, type RoundSeeds, uniformInt } from '../rng/fair.js';

/** One holder's block of consecutive tickets in the published list. */
export interface TicketBlock {
  tickets: number;
}

export interface RaffleWinner {
  /** 1 for the first prize, 2 for the second, … */
  place: number;
  /** Index of the winning holder in the ticket list. */
  holder: number;
  /** The winning ticket's number (0-based over the whole list). */
  ticket: number;
}

/** The client seed of a raffle's draw: fixed by the raffle alone, so the commitment covers the whole draw. */
export function raffleClientSeed(raffleId: string): string {
  return `raffle:${raffleId}`;
}

/** Where each holder's tickets start: block i holds tickets starts[i] … starts[i] + tickets − 1. */
export function ticketStarts(blocks: readonly TicketBlock[]): number[] {
  const starts: number[] = [];
  let next = 0;
  for (const block of blocks) {
    if (!Number.isSafeInteger(block.tickets) || block.tickets < 0) throw new RangeError('a ticket count is a whole number');
    starts.push(next);
    next += block.tickets;
  }
  return starts;
}

function holderOf(starts: readonly number[], blocks: readonly TicketBlock[], ticket: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((starts[mid] as number) <= ticket) low = mid;
    else high = mid - 1;
  }
  while ((blocks[low] as TicketBlock).tickets === 0) low -= 1;
  return low;
}

/** The winners of `places` prizes (fewer when fewer holders have tickets), in place order. */
export function drawRaffle(seeds: RoundSeeds, blocks: readonly TicketBlock[], places: number): RaffleWinner[] {
  const starts = ticketStarts(blocks);
  const total = blocks.reduce((sum, block) => sum + block.tickets, 0);
  const holders = blocks.filter((block) => block.tickets > 0).length;
  const stream = new FairStream(seeds);
  const won = new Set<number>();
  const winners: RaffleWinner[] = [];
  while (winners.length < Math.min(places, holders)) {
    const ticket = uniformInt(stream, total);
    const holder = holderOf(starts, blocks, ticket);
    if (won.has(holder)) continue;
    won.add(holder);
    winners.push({ place: winners.length + 1, holder, ticket });
  }
  return winners;
}
