/**
 * A room's history: every finished hand with its scores, a replay link and an export button.
 * Only the room's members may read it: the room's saved token goes in the `X-Paiju-Token` header.
 */
import { api } from './api.js';
import { fill, h, toast } from './dom.js';
import { currentLang, t } from './i18n.js';
import { exportHand, importHandButton } from './replay.js';
import { roomToken } from './store.js';

/** The locale a date is written in for the page's language (a 24-hour clock in both). */
const DATE_LOCALES = { en: 'en-GB', zh: 'zh-CN' };

/** When a hand finished (seconds since 1970), as the page's language writes a date and time. */
function finishedText(seconds) {
  const format = new Intl.DateTimeFormat(DATE_LOCALES[currentLang()] ?? 'en-GB', { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' });
  return format.format(new Date(seconds * 1000));
}

/** Draw the room's history; the function returned redraws it (in the language chosen since). */
export async function showHistory(main, code) {
  const token = roomToken(code);
  let hands = null;
  if (token) {
    try {
      hands = await api(`/api/rooms/${encodeURIComponent(code)}/hands`, { token });
    } catch (err) {
      if (err.code !== 'bad_token') throw err;
    }
  }
  const room = `/r/${encodeURIComponent(code)}`;
  const exportButton = (hand) => h('button', { type: 'button', class: 'export-hand', onClick: () =>
    exportHand(hand.hand_id, token, hand.number).catch((err) => toast(err.message, 'error')) }, t('history.export'));
  const list = () => {
    if (hands === null) return h('p', { class: 'muted members-only' }, t('history.members_only'), ' ', h('a', { href: room }, t('history.join')));
    if (!hands.length) return h('p', { class: 'muted' }, t('history.none'));
    return h('table', {},
      h('thead', {}, h('tr', {}, [t('history.hand'), t('history.finished'), t('history.scores'), '', ''].map((c) => h('th', {}, c)))),
      h('tbody', {}, hands.map((hand) => h('tr', { dataset: { hand: hand.hand_id } },
        h('td', {}, String(hand.number)),
        h('td', { class: 'finished' }, finishedText(hand.finished_at)),
        h('td', {}, hand.scores.map((score, seat) => `${hand.seats?.[seat] ?? seat + 1}: ${score > 0 ? '+' : ''}${score}`).join(' · ')),
        h('td', {}, h('a', { href: `${room}/replay/${encodeURIComponent(hand.hand_id)}`, class: 'replay-link' }, t('history.replay'))),
        h('td', {}, exportButton(hand))))));
  };
  const render = () => fill(main, h('section', { class: 'panel history' },
    h('h1', {}, t('history.title', { code })),
    h('p', {}, h('a', { href: room }, t('history.back'))),
    list(),
    importHandButton()));
  render();
  return render;
}
