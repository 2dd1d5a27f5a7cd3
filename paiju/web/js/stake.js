/** The stake as chips: the bid and every factor on it (bombs, spring, declared, 一打四, retreat, 抢地主, 明牌), in words of the reader's language. */
import { h } from './dom.js';
import { t } from './i18n.js';

/** `[name, {count, times}]` for each kind of factor the server sent (`{factor, times}` each), in the order the hand
 * first added it: how many there are and what they multiply the bid by together, from the sizes the server gave. */
function grouped(factors) {
  const groups = new Map();
  for (const { factor, times } of factors || []) {
    const group = groups.get(factor) ?? { count: 0, times: 1 };
    groups.set(factor, { count: group.count + 1, times: group.times * times });
  }
  return [...groups];
}

/** One chip per kind of factor (`炸弹 ×4 (2)` for two bombs), after the bid's chip when there is a bid. */
export function stakeChips({ bid = 0, factors = [] }) {
  const chips = grouped(factors).map(([factor, { count, times }]) => {
    const label = t(`factor.${factor}`) === `factor.${factor}` ? factor : t(`factor.${factor}`);
    return h('span', { class: `chip factor factor-${factor}`, dataset: { factor } },
      `${label} ×${times}`, count > 1 ? ` (${count})` : '');
  });
  if (bid) chips.unshift(h('span', { class: 'chip factor factor-bid', dataset: { factor: 'bid' } }, t('factor.bid', { n: bid })));
  return chips.length ? h('span', { class: 'stake-chips' }, chips) : null;
}
