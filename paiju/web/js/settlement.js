/** The settlement at the end of a hand: one line per seat from the server's `result` frame. */
import { h } from './dom.js';
import { t } from './i18n.js';
import { roleLabel } from './table.js';

/** The settlement table, the hand's summary sentences and the multiplier. */
export function settlementElement(result, names, actions = null) {
  const signed = (n) => (n > 0 ? `+${n}` : String(n));
  return h('section', { class: 'panel settlement', 'aria-label': t('result.title') },
    h('h2', {}, t('result.title'), result.hand_number ? ` — ${t('room.hand_number', { n: result.hand_number })}` : ''),
    h('table', {},
      h('thead', {}, h('tr', {}, [t('result.player'), t('result.role'), t('result.score'), t('result.detail'), t('result.total')].map((c) => h('th', {}, c)))),
      h('tbody', {}, result.lines.map((line) => h('tr', { class: line.score > 0 ? 'won' : line.score < 0 ? 'lost' : '', dataset: { seat: line.seat } },
        h('td', {}, line.name ?? names[line.seat] ?? line.seat),
        h('td', {}, roleLabel(line.role)),
        h('td', { class: 'score' }, signed(line.score)),
        h('td', { class: 'detail' }, line.text),
        h('td', { class: 'score' }, String(line.total ?? result.totals?.[line.seat] ?? ''))))),
    ),
    h('p', { class: 'muted' }, t('result.multiplier', { n: result.multiplier })),
    (result.summary || []).length ? h('ul', { class: 'summary' }, result.summary.map((s) => h('li', {}, s))) : null,
    actions);
}
