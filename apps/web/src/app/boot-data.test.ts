import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { gameVendorsQuery } from '../features/catalogue/api/get-game-vendors';
import { hotGamesQuery } from '../features/catalogue/api/get-hot-games';
import { popularGamesQuery } from '../features/catalogue/api/get-popular-games';
import { useSession } from '../lib/session';
import { seedBootData } from './boot-data';

const status = { status: 0, product: { brand: { merchant: 'DEMO' } } };
const lists = { banners: [{ id: '1', url: '/media/b.svg' }], player: [], popup: [], promotion: [], headline: [] };

function inlineBootData(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'boot-data';
  script.textContent = text;
  document.head.append(script);
}

describe('seedBootData', () => {
  afterEach(() => {
    document.getElementById('boot-data')?.remove();
    useSession.setState({ merchant: null });
  });

  it("gives the home page's calls their answers from the page, once, and names the merchant", () => {
    const game = { gameCode: 'G1' };
    const lanes = [{ title: 'RNG', cards: [], gameClassify: [] }];
    const catalogue = { language: 'bn', lanes, hotGames: [game], popularGames: [game] };
    inlineBootData(JSON.stringify({ status, announcements: { language: 'bn', lists }, catalogue }));
    const client = new QueryClient();
    seedBootData(client);
    expect(client.getQueryData(['system', 'status'])).toEqual(status);
    expect(client.getQueryData(gameVendorsQuery('bn').queryKey)).toEqual({ data: { lanes } });
    expect(client.getQueryData(hotGamesQuery('bn').queryKey)).toEqual([game]);
    expect(client.getQueryData(popularGamesQuery('bn').queryKey)).toEqual([game]);
    expect(client.getQueryData(['content', 'announcements', 'bn'])).toEqual(lists);
    expect(useSession.getState().merchant).toBe('DEMO');
    const again = new QueryClient();
    seedBootData(again);
    expect(again.getQueryData(['system', 'status'])).toBeUndefined();
  });

  it('leaves the cache empty (the calls are made) for a tab that names another merchant', () => {
    useSession.setState({ merchant: 'OTHER' });
    inlineBootData(JSON.stringify({ status }));
    const client = new QueryClient();
    seedBootData(client);
    expect(client.getQueryData(['system', 'status'])).toBeUndefined();
    expect(useSession.getState().merchant).toBe('OTHER');
  });

  it('does nothing without boot data or with an unreadable one', () => {
    const client = new QueryClient();
    seedBootData(client);
    inlineBootData('{not json');
    seedBootData(client);
    expect(client.getQueryData(['system', 'status'])).toBeUndefined();
  });
});
