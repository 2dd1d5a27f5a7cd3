/** Labels in English and Chinese; the choice is remembered in localStorage. */
import { GAME_LABELS } from './i18n_game.js';
import { LOBBY_LABELS } from './i18n_lobby.js';
import { REFUSAL_LABELS } from './i18n_refusals.js';
import { TRICK_REFUSAL_LABELS } from './i18n_trick_refusals.js';
import { RULE_NAMES_EN, RULE_NAMES_ZH, VALUE_NAMES } from './i18n_rules.js';
import { STEP_LABELS } from './i18n_steps.js';
import { SPECULATOR_LABELS } from './i18n_speculator.js';
import { TABLE_LABELS } from './i18n_table.js';
import { TRICK_LABELS } from './i18n_trick.js';

const LANG_KEY = 'paiju.lang';

/** The labels of the table's facts, cards, phases, roles and settlement; the other screens' are merged in below. */
export const LABELS = {
  en: {
    app: 'paiju 牌局',
    lobby: 'Lobby',
    language: '中文',
    'table.your_turn': 'Your turn',
    'table.waiting_for': 'Waiting for {name}',
    'table.play': 'Play',
    'table.pass': 'Pass',
    'table.no_bid': 'No bid',
    'table.bid': 'Bid {n}',
    'table.give': 'Give',
    'table.hint': 'Hint',
    'table.clear': 'Clear',
    'table.auto_on': 'Auto-play on',
    'table.auto_off': 'Auto-play off',
    'table.choose': 'These cards can be played several ways; choose one:',
    'table.no_match': 'The selected cards are not a legal play now.',
    'table.list_cut': 'You have {n} possible plays, too many to list: lift the cards and press Play.',
    'table.lift_card': 'Lift one card of your hand.',
    'table.left_in_hand': 'In hand:',
    'table.cards_left': '{n} cards',
    'table.last': 'Last',
    'table.to_beat': 'To beat',
    'table.leads': '{name} leads',
    'table.bottom': 'Bottom',
    'table.bid_now': 'Bid',
    'table.multiplier': 'Multiplier',
    'table.phase': 'Phase',
    'table.determination': 'Speculator card',
    'table.flipped': 'Flipped',
    'table.promoted': 'Above 2',
    'table.wild': 'Your wild cards',
    'table.side': 'Speculator’s side',
    'table.side.landlord': 'landlord',
    'table.side.farmers': 'farmers',
    'table.gifts': 'Gifts',
    'table.gift_pending': 'not yet given',
    'table.gift_to': 'to {name}',
    'table.retreated': 'Retreated speculator’s hand',
    'table.out': 'out',
    'table.counter': 'Card counter',
    'table.hand': 'Your hand',
    'table.spectating': 'Spectating: only public cards are shown.',
    'table.seconds': '{n}s',
    'card.black_joker': 'BJ',
    'card.red_joker': 'RJ',
    'card.marked': 'the marked card: whoever holds it is the speculator',
    'phase.gift': 'Gifts',
    'phase.bid': 'Bidding',
    'phase.play': 'Play',
    'phase.over': 'Hand over',
    'role.bidder': 'bidding',
    'role.landlord': 'landlord',
    'role.small_landlord': 'small landlord',
    'role.speculator': 'speculator',
    'role.farmer': 'farmer',
    'result.title': 'Settlement',
    'result.player': 'Player',
    'result.role': 'Role',
    'result.score': 'Score',
    'result.detail': 'Detail',
    'result.total': 'Session total',
    'result.multiplier': 'Multiplier ×{n}',
    'error.generic': 'Something went wrong: {message}',
  },
  zh: {
    app: 'paiju 牌局',
    lobby: '大厅',
    language: 'English',
    'table.your_turn': '轮到你了',
    'table.waiting_for': '等待 {name}',
    'table.play': '出牌',
    'table.pass': '不要',
    'table.no_bid': '不叫',
    'table.bid': '叫 {n} 分',
    'table.give': '送出',
    'table.hint': '提示',
    'table.clear': '重选',
    'table.auto_on': '托管中',
    'table.auto_off': '托管',
    'table.choose': '这些牌有几种出法，请选择：',
    'table.no_match': '所选的牌现在不能出。',
    'table.list_cut': '你有 {n} 种出法，无法一一列出：选好牌后按“出牌”。',
    'table.lift_card': '请选一张手牌。',
    'table.left_in_hand': '剩余：',
    'table.cards_left': '{n} 张',
    'table.last': '上手',
    'table.to_beat': '要管的牌',
    'table.leads': '{name} 出牌',
    'table.bottom': '底牌',
    'table.bid_now': '叫分',
    'table.multiplier': '倍数',
    'table.phase': '阶段',
    'table.determination': '投机商牌',
    'table.flipped': '翻牌',
    'table.promoted': '大于 2',
    'table.wild': '你的癞子',
    'table.side': '投机商站边',
    'table.side.landlord': '地主',
    'table.side.farmers': '农民',
    'table.gifts': '送牌',
    'table.gift_pending': '未送出',
    'table.gift_to': '送给 {name}',
    'table.retreated': '投机商退出时的手牌',
    'table.out': '已出完',
    'table.counter': '记牌器',
    'table.hand': '你的手牌',
    'table.spectating': '旁观中：只显示公开的牌。',
    'table.seconds': '{n} 秒',
    'card.black_joker': '小王',
    'card.red_joker': '大王',
    'card.marked': '标记牌：持有者为投机商',
    'phase.gift': '送牌',
    'phase.bid': '叫分',
    'phase.play': '出牌',
    'phase.over': '本局结束',
    'role.bidder': '叫分中',
    'role.landlord': '地主',
    'role.small_landlord': '小地主',
    'role.speculator': '投机商',
    'role.farmer': '农民',
    'result.title': '结算',
    'result.player': '玩家',
    'result.role': '身份',
    'result.score': '得分',
    'result.detail': '明细',
    'result.total': '本场总分',
    'result.multiplier': '倍数 ×{n}',
    'error.generic': '出错了：{message}',
  },
};
for (const extra of [LOBBY_LABELS, REFUSAL_LABELS, TRICK_REFUSAL_LABELS, TABLE_LABELS, GAME_LABELS, STEP_LABELS, TRICK_LABELS, SPECULATOR_LABELS]) {
  for (const code of Object.keys(LABELS)) Object.assign(LABELS[code], extra[code]);
}

/** View fields the table shows as facts when a table has them, a part's as `part.field` (others are shown by their
 * key). */
const FIELD_NAMES = {
  en: {
    'partner.shown': 'Partner card',
    'partner.refused': 'Refused partner cards',
    'partner.partnership': 'Partnership',
    'partner.declared': 'Small landlord declared',
    'partner.known': 'Small landlord known',
  },
  zh: {
    'partner.shown': '叫的朋友牌',
    'partner.refused': '不能叫的牌',
    'partner.partnership': '搭档方式',
    'partner.declared': '小地主已亮明',
    'partner.known': '小地主已知',
  },
};

/** A view field as a reader sees it: its name in the current language, or the key with spaces. */
export function fieldLabel(key) {
  return FIELD_NAMES[lang][key] ?? FIELD_NAMES.en[key] ?? key.replace(/[_.]/g, ' ');
}

/** A pattern's name (`triple+pair`), or the name as written for one the client does not know. */
export function patternLabel(name) {
  return VALUE_NAMES[lang][`pattern.${name}`] ?? name;
}

/** A value of a rule with a known set of values (`selection: card`), in words; `bottom:3` names the bottom card. */
export function choiceLabel(key, value) {
  const [head, k] = String(value).split(':');
  const text = VALUE_NAMES[lang][`choice.${key}.${head}`];
  return text ? text.replace('{k}', k ?? '') : String(value);
}

/** A gift's colour rule (speculator.md §15) in words: `5r4b` is 5 red and 4 black, `free_min4` any split with 4 of each, empty any. */
export function giftColoursLabel(rule) {
  const names = VALUE_NAMES[lang];
  const split = /^(\d+)r(\d+)b$/.exec(rule);
  if (split) return names['colours.split'].replace('{red}', split[1]).replace('{black}', split[2]);
  const least = /^free_min(\d+)$/.exec(rule);
  if (least) return names['colours.free_min'].replace('{n}', least[1]);
  return rule || names['colours.any'];
}

/** A bomb by its ladder name in words: `bomb5` is five of a kind, `soft4` / `wild4` 癞子's soft and pure wild bombs,
 * `BBR` two black and one red joker, `BR` the rocket. */
export function bombLabel(token) {
  const names = VALUE_NAMES[lang];
  const bomb = /^(bomb|soft|wild)(\d+)$/.exec(token);
  if (bomb) return names[{ bomb: 'ladder.bomb', soft: 'ladder.soft', wild: 'ladder.wild' }[bomb[1]]].replace('{n}', bomb[2]);
  if (token === 'BR') return names['ladder.rocket'];
  if (!/^[BR]+$/.test(token)) return token;
  const count = (c) => [...token].filter((x) => x === c).length;
  const parts = [['B', 'ladder.black'], ['R', 'ladder.red']].filter(([c]) => count(c)).map(([c, key]) => names[key].replace('{n}', count(c)));
  return parts.join(' + ');
}

/** A bomb ladder (steps, weakest first; rungs of one step are equal) in words. */
export function ladderText(ladder) {
  const steps = ladder.map((step) => (Array.isArray(step) ? step : [step]).map(bombLabel).join(' = '));
  return VALUE_NAMES[lang]['ladder.weakest_first'] + steps.join(' < ');
}

/** The label for `key` in the words of `table` (a variant's name) where it has words of its own (`key@table`: 斗帝主's
 * emperor and rebels for the landlord and farmers), else the common one. */
export function tableLabel(table, key, vars = {}) {
  const own = `${key}@${table}`;
  return t(table && hasLabel(own) ? own : key, vars);
}

/** Whether `key` has a label (in English at least): callers fall back to a coarser key otherwise. */
export function hasLabel(key) {
  return key in LABELS.en;
}

const listeners = new Set();
let lang = localStorage.getItem(LANG_KEY) || ((navigator.language || '').toLowerCase().startsWith('zh') ? 'zh' : 'en');

/** The current language code, `en` or `zh`. */
export function currentLang() {
  return lang;
}

/** The label for `key` in the current language, with `{name}` placeholders filled from `vars`. */
export function t(key, vars = {}) {
  const text = LABELS[lang][key] ?? LABELS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in vars ? String(vars[name]) : `{${name}}`));
}

/** A rule key as a reader sees it: its name in the reader's language, or the key with spaces. */
export function ruleLabel(key) {
  const names = lang === 'zh' ? RULE_NAMES_ZH : RULE_NAMES_EN;
  return names[key] ?? key.replace(/_/g, ' ');
}

/** Switch language, remember it and tell every page part that draws labels. */
export function setLang(next) {
  lang = next;
  localStorage.setItem(LANG_KEY, next);
  document.documentElement.lang = next === 'zh' ? 'zh-CN' : 'en';
  for (const listener of listeners) listener();
}

/** Call `listener` whenever the language changes (to redraw). */
export function onLangChange(listener) {
  listeners.add(listener);
}
