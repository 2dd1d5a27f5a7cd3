/**
 * A room's match (炒地皮, other-games.md §7.14) as the room frame tells it: the hand it is at, each side's level,
 * what standing up costs while it runs (Q7.29), and who left it and lost their points.
 */
import { h } from './dom.js';
import { t } from './i18n.js';
import { levelFace, sideNames } from './trick_parts.js';

/** A side's level as players say it: its rank, or the flag hand once past A. */
const levelWords = (level) => (level === 'flag' ? t('match.flag') : levelFace(level));

/** The sentences of the people who left this session's match (`escapes` of a room or result frame). */
export function escapeLines(escapes) {
  if (!escapes?.length) return null;
  return h('ul', { class: 'escapes' }, escapes.map((e) => h('li', {}, t('match.escaped', { name: e.name, n: Math.abs(e.points) }))));
}

/** Where the room's match stands, what leaving it costs now and who left it; nothing on tables without a match. */
export function matchPart(room, names, me) {
  const match = room.match;
  if (!match) return null;
  const standing = match.running
    ? t('match.standing', {
      n: match.hands, a: sideNames(0, names, me), la: levelWords(match.levels[0]), b: sideNames(1, names, me), lb: levelWords(match.levels[1]),
    })
    : t('match.new');
  return h('div', { class: 'match-part' },
    h('p', { class: 'match-standing' }, standing),
    match.running ? h('p', { class: 'match-escape muted' }, t('match.escape_rule', { n: match.escape_points })) : null,
    escapeLines(room.escapes));
}

/** The Stand up button's words: what it costs while a match runs. */
export function standLabel(room) {
  return room.match?.running ? t('room.stand_escape', { n: room.match.escape_points }) : t('room.stand');
}
