/**
 * A play read out for a person: the engine's text of a reading (`K3(K)`, `8888+55+55`, `77 red`) as the ranks it
 * plays, with what each wild card stands for (“K K (3 as K)”), and what the wild cards of a play on the table stood
 * for, from the `wilds` the server sends with it. Nothing here decides what a play is: it only words what was sent.
 */
import { rankFace } from './cards.js';
import { hasLabel, t } from './i18n.js';
import { playTokens } from './moves.js';

/** “3 as K” for each `{card, as}` a wild card stood for, joined; empty when there is none. */
function asNotes(wilds) {
  return wilds.map((w) => t('reading.as', { card: rankFace(w.card), as: rankFace(w.as) })).join(t('reading.and'));
}

/** A word that qualifies a play (`red`, `black` on the two-colour tables) in the reader's language. */
function qualifier(word) {
  const key = `reading.word.${word}`;
  return hasLabel(key) ? t(key) : word;
}

/**
 * The words of a play's text: each part of its body (`+` between parts) as the ranks it plays, a wild card as what
 * it stands for, then what each wild card stands for and any qualifying word: `K3(K)` → “K K (3 as K)”.
 */
export function readingLabel(text) {
  const [body, ...words] = text.split(' ');
  const wilds = [];
  const parts = body.split('+').map((part) => playTokens(part).map((tok) => {
    if (tok.as) wilds.push({ card: tok.rank, as: tok.as });
    return rankFace(tok.as ?? tok.rank);
  }).join(' '));
  const note = wilds.length ? t('reading.note', { notes: asNotes(wilds) }) : '';
  return [parts.join(' + '), ...words.map(qualifier)].join(' ') + note;
}

/** What the wild cards of a play on the table stood for (“3 as K”), from its record's `wilds`; null when none. */
export function wildsNote(record) {
  return record?.wilds?.length ? asNotes(record.wilds) : null;
}
