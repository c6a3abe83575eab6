import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installHouseGamesClient } from './client-app.js';

describe('house-games client pages', () => {
  let dist: string;
  beforeAll(() => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'house-games-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.mkdirSync(path.join(dist, 'lottery'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<title>slots</title>');
    fs.writeFileSync(path.join(dist, 'lottery', 'index.html'), '<title>lottery</title>');
  });
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('serves the lottery page at /house-games/lottery/ and the slot page for every slot', async () => {
    const app = Fastify();
    await installHouseGamesClient(app, dist);
    const lottery = await app.inject({ method: 'GET', url: '/house-games/lottery/?session=x' });
    expect(lottery.statusCode).toBe(200);
    expect(lottery.headers['content-type']).toContain('text/html');
    expect(lottery.body).toBe('<title>lottery</title>');
    const slot = await app.inject({ method: 'GET', url: '/house-games/TS_LOTUS_FORTUNE/' });
    expect(slot.body).toBe('<title>slots</title>');
    await app.close();
  });
});
