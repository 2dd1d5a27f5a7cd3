/**
 * The server's refusals in the reader's language: an `error` frame or an HTTP `detail` carries a
 * `code`, a finer `reason` and `params`; the words are the client's (`refusal.*` labels), never the
 * server's English `message` nor a validator's text.
 */
import { bombLabel, choiceLabel, giftColoursLabel, hasLabel, patternLabel, ruleLabel, t } from './i18n.js';

/** Params that count seats from 0 on the wire and from 1 for a reader. */
const SEAT_PARAMS = ['seat', 'last'];

/** A list param of a table problem (names joined by commas) in words, each by `word`. */
const listOf = (word) => (list) => list.split(',').map(word).join(t('problem.list_sep'));

/** How a table problem's params read: rules by their names; bombs, gift colours and option values in words. */
const PROBLEM_WORDS = {
  rule: ruleLabel,
  bomb: bombLabel,
  bombs: listOf(bombLabel),
  keys: listOf((key) => key),
  colours: giftColoursLabel,
  partner: (value) => choiceLabel('partner', value),
};

/** A colour the engine names (`red`, `black`) in words. */
const colourWord = (colour) => (hasLabel(`refusal.colour.${colour}`) ? t(`refusal.colour.${colour}`) : colour);

/** A play as the engine writes it (`77 red`, `333 black / 333 red`), its colour words in the reader's language. */
const playWords = (text) => text.replace(/\b(red|black)\b/g, colourWord);

/** How the params of a rule's refusal (`rule.<code>`, the engine's reason) read: plays, colours, 炒地皮's suits and steps in words. */
const RULE_WORDS = {
  cards: playWords,
  beat: playWords,
  colour: colourWord,
  colours: listOf(colourWord),
  category: (category) => t(`trick.suit.${category}`),
  phase: (phase) => t(`refusal.step.${phase}`),
};

/**
 * A refusal (`{code, reason?, params?}`) as one sentence for a toast or a notice. A rule's refusal the client has no
 * words for (`rule.<code>` unknown) still says the engine's reason, `detail`, never a generic line.
 */
export function refusalText(detail) {
  const params = { ...(detail?.params || {}) };
  for (const key of SEAT_PARAMS) if (typeof params[key] === 'number') params[key] += 1;
  if (typeof params.what === 'string') params.what = t(`refusal.what.${params.what}`);
  if (typeof params.field === 'string') params.field = fieldName(params.field);
  if (detail?.reason === 'bad_table') params.detail = problemText(params) ?? params.detail;
  const rule = detail?.reason?.startsWith('rule.') || detail?.reason === 'rule';
  if (rule) for (const [name, word] of Object.entries(RULE_WORDS)) if (typeof params[name] === 'string') params[name] = word(params[name]);
  const keys = [detail?.reason, rule ? 'rule' : null, detail?.code].filter(Boolean).map((k) => `refusal.${k}`);
  return t(keys.find((k) => hasLabel(k)) ?? 'refusal.unknown', params);
}

/**
 * The first thing a table's rules get wrong (`code` and its params), with how many `more` there are, in
 * words; null for a code this client does not know (the server's English `detail` stands instead).
 */
function problemText(params) {
  if (!hasLabel(`problem.${params.code}`)) return null;
  const words = { ...params };
  for (const [name, word] of Object.entries(PROBLEM_WORDS)) if (typeof params[name] === 'string') words[name] = word(params[name]);
  if (params.code === 'bad_option') {
    const word = params.rule === 'patterns' ? patternLabel : (value) => choiceLabel(params.rule, value);
    const option = (value) => (value ? word(value) : '—');
    words.value = option(params.value);
    words.allowed = listOf(option)(params.allowed);
  }
  return t(`problem.${params.code}`, words) + (params.more ? t('problem.more', { n: params.more }) : '');
}

/** A request field as the lobby's form names it (`turn_seconds` is the turn timer), else as written. */
function fieldName(field) {
  const last = field.split('.').pop();
  return hasLabel(`lobby.${last}`) ? t(`lobby.${last}`) : field;
}
