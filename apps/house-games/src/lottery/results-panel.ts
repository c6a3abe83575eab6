import type { LotteryDraw } from '@tessera/contract/api/lottery';
import { h, moreButton, openDialog } from '../dom.js';
import { results } from './api.js';
import { errorText, type LotteryContext } from './context.js';
import { resultBalls, resultText, sheetTable } from './format.js';
import { t } from './i18n.js';
import { checkDraw } from './verify.js';

const PAGE_SIZE = 10;

const timeOf = (epochMs: number | null) =>
  epochMs === null ? '' : new Date(epochMs).toLocaleString(document.documentElement.lang === 'en' ? 'en-GB' : 'bn-BD');

/** The draw's seeds, and the verdict of re-computing it here with house-engine. */
export function verifyDialog(draw: LotteryDraw) {
  const check = checkDraw(draw);
  const lines: (HTMLElement | null)[] = [
    h('p', {}, `${t('commitment')}: `, h('code', {}, draw.commitment)),
    h('p', {}, `${t('clientSeed')}: `, h('code', {}, draw.clientSeed)),
  ];
  if (check.state === 'secret') lines.push(h('p', {}, t('secret')));
  else {
    const isVerified = check.commitmentMatches && check.resultMatches;
    lines.push(
      h('p', {}, `${t('serverSeed')}: `, h('code', {}, draw.serverSeed ?? '')),
      h('p', {}, `${t('recomputed')}: `, resultBalls(check.recomputed)),
      sheetTable(check.recomputed),
      h(
        'p',
        { class: isVerified ? 'ok' : 'bad', role: 'status', 'data-testid': 'verify-verdict' },
        isVerified ? t('verified') : t('notVerified'),
      ),
    );
  }
  openDialog(t('verifyTitle', { numero: draw.numero }), t('close'), ...lines);
}

/** Results history, newest first, each with its revealed seed and a verify button. */
export function resultsPanel(ctx: LotteryContext) {
  let pages = 1;
  let total = 0;
  let draws: LotteryDraw[] = [];
  const body = h('div', { class: 'results', 'data-testid': 'results' }, h('p', { class: 'muted' }, t('loading')));

  const row = (draw: LotteryDraw) => {
    const sheet = draw.result && sheetTable(draw.result);
    return h(
      'li',
      { class: 'result', 'data-testid': 'result' },
      h(
        'span',
        { class: 'result-head' },
        h('strong', {}, t('draw', { numero: draw.numero })),
        h('span', { class: 'muted' }, t('drawnAt', { time: timeOf(draw.drawnAt ?? draw.drawAt) })),
      ),
      draw.result ? resultBalls(draw.result) : h('span', { class: 'muted' }, t('secret')),
      sheet && h('details', {}, h('summary', {}, t('sheet')), sheet),
      draw.serverSeed && h('details', {}, h('summary', {}, t('serverSeed')), h('code', { class: 'seed' }, draw.serverSeed)),
      h('button', { type: 'button', class: 'link', onclick: () => verifyDialog(draw) }, `${t('verify')} #${draw.numero}`),
    );
  };

  const refresh = async () => {
    try {
      const fresh: LotteryDraw[] = [];
      for (let page = 1; page <= pages; page++) {
        const answer = await results(ctx.session.gameCode, page, PAGE_SIZE);
        fresh.push(...answer.content);
        total = answer.total;
      }
      draws = fresh;
      body.replaceChildren(
        draws.length === 0 ? h('p', { class: 'muted' }, t('resultsEmpty')) : h('ul', { class: 'result-list' }, ...draws.map(row)),
        ...(draws.length < total
          ? [
              moreButton(t('more'), () => {
                pages += 1;
                void refresh();
              }),
            ]
          : []),
      );
    } catch (error) {
      if (draws.length === 0) body.replaceChildren(h('p', { class: 'bad', role: 'alert' }, errorText(error)));
    }
  };

  return {
    element: body,
    refresh,
    announce: (draw: LotteryDraw) =>
      draw.result && ctx.announce(t('announceResult', { numero: draw.numero, result: resultText(draw.result) })),
  };
}
