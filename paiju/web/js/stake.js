/** The stake as chips: the bid and every factor on it (bombs, spring, declared, 一打四, retreat, 抢地主, 明牌), in words of the reader's language. */
import { h } from './dom.js';
import { t } from './i18n.js';

/** How many times each factor multiplies the bid, as the engine counts it. */
const TIMES = { bomb: 2, big_bomb: 4, reveal: 2, double: 2, spring: 2, declared: 2, alone: 3, retreat: 3, grab: 2, open_start: 4, open: 2 };

/** `[name, count]` for each factor of `factors`, in the order the hand first added it. */
function grouped(factors) {
  const counts = new Map();
  for (const factor of factors || []) counts.set(factor, (counts.get(factor) ?? 0) + 1);
  return [...counts];
}

/** One chip per kind of factor (`炸弹 ×4 (2)` for two bombs), after the bid's chip when there is a bid. */
export function stakeChips({ bid = 0, factors = [] }) {
  const chips = grouped(factors).map(([factor, count]) => {
    const times = (TIMES[factor] ?? 1) ** count;
    const label = t(`factor.${factor}`) === `factor.${factor}` ? factor : t(`factor.${factor}`);
    return h('span', { class: `chip factor factor-${factor}`, dataset: { factor } },
      `${label} ×${times}`, count > 1 ? ` (${count})` : '');
  });
  if (bid) chips.unshift(h('span', { class: 'chip factor factor-bid', dataset: { factor: 'bid' } }, t('factor.bid', { n: bid })));
  return chips.length ? h('span', { class: 'stake-chips' }, chips) : null;
}
