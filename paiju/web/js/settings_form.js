/**
 * A room's settings as a form: the table, every rule it has (drawn from the variant's rules
 * JSON, whatever keys it holds) and the room options. Used by the lobby and the host's settings.
 */
import { fill, h } from './dom.js';
import { bombLabel, choiceLabel, giftColoursLabel, ladderText, patternLabel, ruleLabel, t } from './i18n.js';
import { tableName, tableSummary } from './table_names.js';

/** Keys that name or describe a table rather than set a rule (`family`: the engine that plays it); `players` is the room's seat count. */
const NOT_RULES = new Set(['name', 'title', 'description', 'notes', 'players', 'family']);
/** String rules whose values are a known set (the rest are typed). */
const CHOICES = {
  selection: ['card', 'previous', 'previous_if_in_bottom'],
  flip_to: ['speculator', 'landlord'],
  rangpai: ['', 'bid', 'auction'],
  determination: ['7c', 'marked-7c', ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((k) => `bottom:${k}`), 'flip'],
  bid_style: ['points', 'marked'],
  timeouts: ['grace', 'takeover', 'minimal'],
  red_over_black: ['any', 'equal_or_higher'],
  partner: ['', 'flip-rank', 'pair-or-bottom', 'single'],
  diamond_ak: ['same', 'swap'],
  declaration_window: ['after_deal', 'during_deal'],
  chaodi_after_kitty_flip: ['always', 'not_after_joker'],
  trump_510k_follow: ['three_highest', 'own_510k_first'],
  match_room: ['single', 'round'],
};
/** The rules a trick-taking table (炒地皮) plays by: its `[trick]` part and the turn timer's; the climbing rules
 * (patterns, bids, bombs) are no part of its game. */
const TRICK_RULES = new Set(['trick', 'timeouts']);
/** Gift colour rules (speculator.md §15: `5r4b`, `free_min4`, empty for any) and the gift size each one splits. */
const GIFT_COLOURS = { landlord_gift_colours: 'gift_landlord', farmer_gift_colours: 'gift_farmer' };
/** Largest gift whose colour splits the form lists (the built-in tables give at most 10). */
const MOST_GIFT = 54;

/** The colour rules a gift of `size` cards may take (any, each red and black split, at least k of each), `current` kept. */
function colourChoices(size, current) {
  const n = Number.isInteger(size) && size >= 0 && size <= MOST_GIFT ? size : 0;
  const splits = Array.from({ length: n + 1 }, (_, red) => `${n - red}r${red}b`);
  const least = Array.from({ length: Math.floor(n / 2) }, (_, k) => `free_min${k + 1}`);
  return [...new Set(['', ...splits, ...least, current])];
}

/** A <select>'s options: each value sent as written, shown in words. */
const optionsOf = (values, word) => values.map((v) => h('option', { value: v }, word(v)));

/** A table's players and decks, as its picker card says them. */
const deckCount = (v) => {
  const decks = v.rules?.decks ?? 1;
  return decks === 1 ? t('lobby.players_one_deck', { n: v.players }) : t('lobby.players_decks', { n: v.players, d: decks });
};
/** A value of a list rule in words: a pattern's name, a bomb's; cards (`44`) and others as written. */
const listValueLabel = (key, value) => {
  if (key === 'patterns') return patternLabel(value);
  if (key === 'doubling_bombs') return bombLabel(value);
  if (key === 'two_low') return choiceLabel(key, value);
  return value;
};
const isFlatList = (value) => Array.isArray(value) && value.every((v) => typeof v === 'string');
/** Equal rule values; lists of names compare as sets (their order carries no meaning). */
const sameValue = (a, b) => {
  const norm = (v) => JSON.stringify(isFlatList(v) ? [...v].sort() : v);
  return norm(a) === norm(b);
};

/** Every value a list rule takes on any table, so its checkboxes offer the whole set. */
function listOptions(variants, path) {
  const seen = new Set();
  for (const v of variants) {
    let value = v.rules;
    for (const key of path) value = value?.[key];
    if (isFlatList(value)) value.forEach((x) => seen.add(x));
  }
  return [...seen];
}

/** `base` with `overrides` laid over it, objects merged key by key. */
export function mergeRules(base, overrides) {
  const out = { ...base };
  for (const [key, value] of Object.entries(overrides || {})) {
    out[key] = value && typeof value === 'object' && !Array.isArray(value) && base[key] ? mergeRules(base[key], value) : value;
  }
  return out;
}

export class SettingsForm {
  /** `variants`: the `/api/variants` list; `initial`: room settings to show (or none for defaults). */
  constructor(variants, initial = {}) {
    this.variants = variants;
    /** The table picker, and the folded room options and rules: the lobby puts the name and Create between them. */
    this.picker = h('div', { class: 'table-picker' });
    this.folds = h('div', { class: 'settings-folds' });
    this.root = h('div', { class: 'settings-form' }, this.picker, this.folds);
    this.set(initial);
  }

  /** Show `settings` (a room-creation body); missing fields take the table's defaults. */
  set(settings) {
    this.variant = this.variants.find((v) => v.name === settings.variant) ?? this.variants[0];
    this.rules = mergeRules(this.variant.rules, settings.rules);
    this.options = {
      seats: settings.seats ?? this.variant.players,
      turn_seconds: settings.turn_seconds ?? 0,
      hands: settings.hands ?? 0,
      card_counter: settings.card_counter ?? false,
      auto_forced: settings.auto_forced ?? false,
    };
    this.render();
  }

  render() {
    const variantList = h('div', { class: 'variant-list', role: 'radiogroup', 'aria-label': t('lobby.variant') }, this.variants.map((v) => {
      return h('label', { class: `variant-choice${v.name === this.variant.name ? ' chosen' : ''}`, dataset: { variant: v.name } },
        h('input', { type: 'radio', name: 'variant', value: v.name, checked: v.name === this.variant.name, onChange: () => this.set({ ...this.value(true), variant: v.name, rules: null, seats: null }) }),
        h('span', { class: 'variant-name' }, tableName(v)),
        h('span', { class: 'variant-meta' }, deckCount(v)));
    }));
    const number = (key, label, min, max) => h('label', { class: 'field' }, h('span', {}, label),
      h('input', { type: 'number', name: key, min, max, value: String(this.options[key]) }));
    const check = (key, label) => h('label', { class: 'field check' },
      h('input', { type: 'checkbox', name: key, checked: this.options[key] }), h('span', {}, label));
    const wasOpen = (cls) => this.folds.querySelector(`details.${cls}`)?.open ?? false;
    fill(this.picker,
      h('fieldset', { class: 'variants' }, h('legend', {}, t('lobby.variant')), variantList,
        h('p', { class: 'variant-summary' }, tableSummary(this.variant))));
    fill(this.folds,
      h('details', { class: 'room-options', open: wasOpen('room-options') },
        h('summary', {}, t('lobby.room')),
        h('fieldset', { class: 'room-options' },
          number('seats', t('lobby.seats'), 2, 10),
          number('turn_seconds', t('lobby.turn_seconds'), 0, 3600),
          number('hands', t('lobby.hands'), 0, 1000),
          check('card_counter', t('lobby.card_counter')),
          check('auto_forced', t('lobby.auto_forced')))),
      h('details', { class: 'rules', open: wasOpen('rules') },
        h('summary', {}, t('lobby.options')),
        this.ruleFields(this.rules, this.variant.rules, []),
        h('button', { type: 'button', onClick: () => this.set({ ...this.value(true), rules: null }) }, t('lobby.reset'))));
  }

  /** One input per rule; nested objects (the speculator's rules) as a fieldset of their own. */
  ruleFields(values, defaults, path) {
    const shown = (key) => path.length > 0 || (!NOT_RULES.has(key) && (values.family !== 'trick' || TRICK_RULES.has(key)));
    return Object.entries(values).filter(([key, value]) => shown(key) && value !== null).map(([key, value]) => {
      const name = [...path, key].join('.');
      const changed = !sameValue(value, defaults?.[key]);
      const label = h('span', { class: `rule-name${changed ? ' changed' : ''}`, title: name }, ruleLabel(key));
      if (typeof value === 'boolean') {
        return h('label', { class: 'field check' }, h('input', { type: 'checkbox', dataset: { rule: name }, checked: value }), label);
      }
      if (typeof value === 'number') {
        // A gift's size decides the colour splits its colour rule offers.
        const colours = Object.keys(GIFT_COLOURS).find((rule) => GIFT_COLOURS[rule] === key && rule in values);
        const onInput = colours && ((event) => this.refillColours([...path, colours].join('.'), Number(event.target.value)));
        return h('label', { class: 'field' }, label, h('input', { type: 'number', dataset: { rule: name, kind: 'number' }, value: String(value), onInput }));
      }
      if (typeof value === 'string') {
        const options = GIFT_COLOURS[key]
          ? optionsOf(colourChoices(values[GIFT_COLOURS[key]], value), giftColoursLabel)
          : CHOICES[key] && optionsOf([...new Set([...CHOICES[key], value])], (v) => (v ? choiceLabel(key, v) : '—'));
        return h('label', { class: 'field' }, label, options
          ? h('select', { dataset: { rule: name }, value }, options)
          : h('input', { type: 'text', dataset: { rule: name }, value }));
      }
      if (isFlatList(value)) {
        const all = [...new Set([...listOptions(this.variants, [...path, key]), ...value])];
        return h('fieldset', { class: 'field list', dataset: { rule: name, kind: 'list' } }, h('legend', {}, label),
          all.map((v) => h('label', { class: 'check' }, h('input', { type: 'checkbox', value: v, checked: value.includes(v) }), listValueLabel(key, v))));
      }
      if (Array.isArray(value)) {
        // A ladder is read in words, weakest first; its JSON stays editable under a fold of its own.
        const words = key === 'bomb_ladder' ? h('p', { class: 'ladder-words' }, ladderText(value)) : null;
        const json = h('input', { type: 'text', dataset: { rule: name, kind: 'json' }, value: JSON.stringify(value), 'aria-label': ruleLabel(key) });
        return h('div', { class: 'field wide' }, label, words,
          words ? h('details', { class: 'json-edit' }, h('summary', {}, t('lobby.edit_json')), json) : json);
      }
      return h('fieldset', { class: 'rule-group' }, h('legend', {}, ruleLabel(key)), this.ruleFields(value, defaults?.[key], [...path, key]));
    });
  }

  /** Offer in the select of colour rule `name` the splits of a gift of `size` cards, keeping its choice. */
  refillColours(name, size) {
    const select = this.folds.querySelector(`select[data-rule="${name}"]`);
    const chosen = select.value;
    fill(select, optionsOf(colourChoices(size, chosen), giftColoursLabel));
    select.value = chosen;
  }

  /** The rules as the form shows them now (a full rules object). */
  readRules() {
    const rules = structuredClone(this.rules);
    for (const el of this.folds.querySelectorAll('[data-rule]')) {
      const path = el.dataset.rule.split('.');
      const last = path.pop();
      const target = path.reduce((obj, key) => obj[key], rules);
      if (el.dataset.kind === 'list') target[last] = [...el.querySelectorAll('input:checked')].map((i) => i.value);
      else if (el.dataset.kind === 'json') {
        try {
          target[last] = JSON.parse(el.value);
        } catch {
          throw new Error(t('lobby.bad_json', { rule: ruleLabel(el.dataset.rule.split('.').pop()) }));
        }
      } else if (el.dataset.kind === 'number') target[last] = Number(el.value);
      else if (el.type === 'checkbox') target[last] = el.checked;
      else target[last] = el.value;
    }
    return rules;
  }

  /** Only the rules that differ from the table's own: what the server takes as `rules`. */
  ruleOverrides(rules) {
    const diff = (values, defaults) => {
      const out = {};
      for (const [key, value] of Object.entries(values)) {
        if (value && typeof value === 'object' && !Array.isArray(value)) {
          const inner = diff(value, defaults?.[key] ?? {});
          if (Object.keys(inner).length) out[key] = inner;
        } else if (!sameValue(value, defaults?.[key])) out[key] = value;
      }
      return out;
    };
    const overrides = diff(rules, this.variant.rules);
    return Object.keys(overrides).length ? overrides : null;
  }

  /**
   * The settings as the room-creation body wants them. `lenient` (used while redrawing) keeps
   * the last good rules instead of failing on a half-typed value.
   */
  value(lenient = false) {
    let rules = this.rules;
    try {
      rules = this.readRules();
    } catch (err) {
      if (!lenient) throw err;
    }
    const field = (name) => this.folds.querySelector(`[name="${name}"]`);
    const seats = Number(field('seats').value);
    return {
      variant: this.variant.name,
      rules: this.ruleOverrides(rules),
      seats: seats === this.variant.players ? null : seats,
      turn_seconds: Number(field('turn_seconds').value),
      hands: Number(field('hands').value),
      card_counter: field('card_counter').checked,
      auto_forced: field('auto_forced').checked,
    };
  }
}
