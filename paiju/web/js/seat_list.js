/** The room's seats with their players and scores, and the spectators watching. */
import { fill, h } from './dom.js';
import { hasLabel, t } from './i18n.js';
import { matchPart, standLabel } from './match.js';

/** A bot seat's level as a reader says it: `hard:1s` is “Hard · 1s”; `heuristic`, a room's older name, “Easy”. */
export function botLevel(bot) {
  const [level, budget] = bot.split(':');
  const key = `room.strength.${level === 'heuristic' ? 'easy' : level}`;
  const name = hasLabel(key) ? t(key) : level;
  return t('room.bot_level', { level: budget ? `${name} · ${budget}` : name });
}

/**
 * The seats in `section`: Sit (or, between hands, Move here) on empty ones, the host's Remove
 * (from `host`, the host's controls) for people and, between hands, for bots; then the spectators.
 */
export function fillSeatList(section, page, host) {
  const { room } = page;
  const mine = page.mySeat;
  const names = page.seatNames();
  const joined = Boolean(page.identity?.player_id);
  const betweenHands = room.status !== 'playing';
  const busy = page.waiting('sit');
  const seatRows = room.seats.map((s) => {
    const empty = !s.player_id && !s.bot;
    const me = s.seat === mine;
    const canSit = empty && joined && (mine === null || betweenHands);
    return h('li', { class: `seat-row${me ? ' me' : ''}${empty ? ' empty' : ''}`, dataset: { seat: s.seat } },
      h('span', { class: 'seat-number' }, s.seat + 1),
      h('span', { class: 'seat-name' }, empty ? t('room.empty') : names[s.seat]),
      me ? h('span', { class: 'badge' }, t('room.you')) : null,
      s.player_id && s.player_id === room.host_id ? h('span', { class: 'badge' }, t('room.host')) : null,
      s.bot ? h('span', { class: 'badge bot-level' }, botLevel(s.bot)) : null,
      s.player_id && !s.bot && !s.connected ? h('span', { class: 'badge warn' }, t('room.offline')) : null,
      s.auto ? h('span', { class: 'badge' }, t('room.auto')) : null,
      h('span', { class: 'score' }, String(room.scores[s.seat] ?? 0)),
      canSit ? h('button', { class: 'sit', disabled: busy, onClick: () => page.request({ type: 'sit', seat: s.seat }) },
        mine === null ? t('room.sit') : t('room.move_here')) : null,
      s.player_id && !s.bot && !me ? host.kickButton(s.player_id) : null,
      s.bot && betweenHands ? host.kickButton(s.player_id, 'kick-bot', t('room.remove_bot', { name: names[s.seat] })) : null);
  });
  // `watchers` lists the spectators connected now; `spectators` is their count.
  const watchers = (room.watchers || []).map((w) => {
    const me = w.player_id === page.identity?.player_id;
    return h('li', { class: `watcher${me ? ' me' : ''}` }, w.name, me ? h('span', { class: 'badge' }, t('room.you')) : host.kickButton(w.player_id));
  });
  fill(section,
    h('h2', {}, t('room.seats'), ' ', h('small', { class: 'muted' }, t('room.scores'))),
    h('ol', { class: 'seat-list' }, seatRows),
    matchPart(room, names, mine),
    h('p', { class: 'muted' }, t('room.spectators', { n: room.spectators })),
    watchers.length ? h('ul', { class: 'watchers' }, watchers) : null,
    joined && mine !== null && betweenHands
      ? h('button', { class: 'stand', disabled: page.waiting('stand'), onClick: () => page.request({ type: 'stand' }) }, standLabel(room)) : null,
    joined && mine === null ? h('p', { class: 'muted' }, t('room.watching')) : null);
}
