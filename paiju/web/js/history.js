/** A room's history: every finished hand with its scores, a replay link and an export link. */
import { api } from './api.js';
import { fill, h } from './dom.js';
import { t } from './i18n.js';
import { importHandButton } from './replay.js';

export async function showHistory(main, code) {
  const hands = await api(`/api/rooms/${encodeURIComponent(code)}/hands`);
  const render = () => fill(main, h('section', { class: 'panel history' },
    h('h1', {}, t('history.title', { code })),
    h('p', {}, h('a', { href: `/r/${code}` }, t('history.back'))),
    hands.length
      ? h('table', {},
        h('thead', {}, h('tr', {}, [t('history.hand'), t('history.finished'), t('history.scores'), '', ''].map((c) => h('th', {}, c)))),
        h('tbody', {}, hands.map((hand) => h('tr', { dataset: { hand: hand.hand_id } },
          h('td', {}, String(hand.number)),
          h('td', {}, new Date(hand.finished_at * 1000).toLocaleString()),
          h('td', {}, hand.scores.map((score, seat) => `${hand.seats?.[seat] ?? seat + 1}: ${score > 0 ? '+' : ''}${score}`).join(' · ')),
          h('td', {}, h('a', { href: `/replay/${hand.hand_id}`, class: 'replay-link' }, t('history.replay'))),
          h('td', {}, h('a', { href: `/api/hands/${hand.hand_id}`, download: `paiju-hand-${hand.hand_id}.json` }, t('history.export')))))))
      : h('p', { class: 'muted' }, t('history.none')),
    importHandButton()));
  render();
  return render;
}
