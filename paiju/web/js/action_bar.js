/**
 * The bar under your hand: whose turn it is, 托管, and what you may do now — Play / Pass / Hint / Clear,
 * a verb whose actions name cards of your hand (give, name a partner, 一打四) chosen by lifting those
 * cards, any other verb one button each — with a line that says what to do next.
 */
import { parseCards } from './cards.js';
import { h } from './dom.js';
import { t } from './i18n.js';
import { cardActionsForSelection, classify, indexesOfCards, namedCards, namesHandCards, playsForSelection } from './moves.js';
import { actionWords, withCards } from './phase_panel.js';
import { readingLabel } from './reading.js';
import { actionLabel, actorsOf, timerElement } from './seat_panel.js';

/** Verb actions with more options than this are offered in a list instead of one button each. */
const MAX_BUTTONS = 12;

/** A verb's button label (`give` → “Give”), or the verb as the engine writes it. */
function verbLabel(verb) {
  const key = `table.verb.${verb}`;
  const label = t(key);
  return label === key ? verb : label;
}

/** What to lift for a verb (“Lift one card of your hand.”), or the general words. */
function liftWords(verb) {
  const key = `table.lift.${verb}`;
  const words = t(key);
  return words === key ? t('table.lift_cards') : words;
}

export class ActionBar {
  /** `table`: the TableView whose state, selection and sending the bar uses. */
  constructor(table) {
    this.table = table;
    this.choices = null;
    this.choiceCards = '';
    this.hintIndex = -1;
    /** Why a dimmed card you tapped cannot be used now (shown until the next lift or view). */
    this.reason = null;
  }

  /** Forget the open choice, the hint's place and any reason shown (a new view arrived). */
  reset() {
    this.choices = null;
    this.hintIndex = -1;
    this.reason = null;
  }

  /** The bar for `hand` (your cards as notation, in view order), drawn at one height on your turn or not. */
  draw(hand) {
    const { table } = this;
    const { view } = table.state;
    const legal = classify(view.legal);
    const chosen = [...table.selected].sort((a, b) => a - b).map((i) => hand[i]);
    const matches = playsForSelection(legal.plays, chosen);
    // A cut list may not hold the lifted play: then the cards go as typed and the server reads them.
    const cut = table.listCut();
    const byCards = legal.groups.filter((group) => namesHandCards(group, hand));
    const targets = byCards.flatMap((group) => cardActionsForSelection(group, chosen));
    const buttons = [];
    if (legal.plays.length) {
      buttons.push(h('button', { class: 'primary act-play', disabled: !matches.length && !(cut && chosen.length), onClick: () => this.play(matches, chosen) }, t('table.play')));
    }
    for (const group of byCards) buttons.push(this.cardButton(group, chosen));
    if (legal.pass) {
      buttons.push(h('button', { class: 'act-pass', 'aria-keyshortcuts': 'P', onClick: () => table.send({ action: 'pass' }) }, actionLabel('pass', view)));
    }
    for (const group of legal.groups) if (!byCards.includes(group)) buttons.push(...this.groupButtons(group));
    if (legal.plays.length || byCards.length) {
      buttons.push(h('button', { class: 'act-hint', onClick: () => this.hint(legal, byCards, hand) }, t('table.hint')));
      buttons.push(h('button', { class: 'act-clear', disabled: !table.selected.size, onClick: () => table.clearSelection() }, t('table.clear')));
    }
    const turn = view.legal.length > 0;
    return h('div', { class: `action-area${turn ? ' turn' : ''}` },
      h('div', { class: 'turn-line', 'aria-live': 'polite' },
        turn ? h('strong', { class: 'your-turn' }, t('table.your_turn')) : view.phase !== 'over' ? h('span', { class: 'waiting' }, this.waitingLine()) : null,
        turn ? timerElement(table.state.deadline) : null,
        table.onAuto ? h('button', { class: `act-auto${table.state.auto ? ' on' : ''}`, 'aria-pressed': String(Boolean(table.state.auto)), onClick: () => table.onAuto(!table.state.auto) }, table.state.auto ? t('table.auto_on') : t('table.auto_off')) : null),
      turn ? h('div', { class: 'actions' }, buttons) : null,
      turn ? this.note({ legal, chosen, matches, cut, byCards, targets }) : null,
      this.choices ? h('div', { class: 'choices' }, h('p', {}, t('table.choose')), this.choices.map((text) =>
        h('button', { class: 'choice', dataset: { action: text }, onClick: () => table.send({ action: text, cards: this.choiceCards }) }, readingLabel(text)))) : null);
  }

  /** The line under the buttons: why a tapped card is dimmed, what typed cards lifted, what the lifted cards do, or what to do. */
  note({ legal, chosen, matches, cut, byCards, targets }) {
    const { typing, typedMissing } = this.table;
    const line = (text, kind = '') => h('p', { class: `hint-text${kind ? ` ${kind}` : ''}` }, text);
    if (this.reason) return line(this.reason, 'dim-reason');
    if (typing.text) return line(t(typedMissing ? 'table.typed_missing' : 'table.typed', { cards: typing.text }), 'typed');
    if (byCards.length) {
      if (targets.length) return this.targetLine(targets[0]);
      return line(chosen.length ? t('table.lifted_nothing') : liftWords(byCards[0].verb), 'lift');
    }
    if (chosen.length && legal.plays.length && !matches.length && !legal.groups.length && !cut) return line(t('table.no_match'));
    if (cut) return line(t('table.list_cut', { n: this.table.state.legalTotal }), 'list-cut');
    if (legal.plays.length) return line(t('table.keys'), 'keys');
    return null;
  }

  /**
   * What the lifted cards would do; a partner card that names nobody (the server lists it in `names_self`: every other
   * copy is yours) says so before you confirm, and that you would play alone.
   */
  targetLine(target) {
    const { view } = this.table.state;
    if ((view.parts.partner?.names_self ?? []).includes(target.text)) {
      return h('p', { class: 'hint-text chosen-action names-self' }, withCards('partner.names_self', parseCards(target.arg)[0]));
    }
    return h('p', { class: 'hint-text chosen-action' }, actionWords(target.text) ?? verbLabel(target.text.split(' ')[0]));
  }

  /** Whom the table waits for: the seats to act, or your own 托管 playing for you. */
  waitingLine() {
    const { view, names, auto } = this.table.state;
    const actors = actorsOf(view);
    if (auto && actors.includes(view.seat)) return t('table.auto_playing');
    return t('table.waiting_for', { name: actors.map((s) => names[s] ?? s).join(', ') });
  }

  /** The button of a verb that names cards of your hand: it acts on the lifted cards when they make one of its actions. */
  cardButton(group, chosen) {
    const target = cardActionsForSelection(group, chosen)[0];
    return h('button', {
      class: `primary act-${group.verb}`,
      disabled: !target,
      dataset: target ? { action: target.text } : {},
      onClick: () => this.table.send({ action: target.text }),
    }, verbLabel(group.verb));
  }

  /** One button per action of a verb that names no cards of your hand (a list past `MAX_BUTTONS`). */
  groupButtons(group) {
    const { view } = this.table.state;
    if (group.actions.length > MAX_BUTTONS) {
      const select = h('select', { class: `act-${group.verb}-list` }, group.actions.map((a) => h('option', { value: a.text }, actionWords(a.text, { plain: true }) ?? actionLabel(a.text, view))));
      return [select, h('button', { class: `act-${group.verb}`, onClick: () => this.table.send({ action: select.value }) }, verbLabel(group.verb))];
    }
    return group.actions.map((a) => h('button', { class: `act-${group.verb}`, dataset: { action: a.text }, onClick: () => this.table.send({ action: a.text }) }, actionLabel(a.text, view)));
  }

  /** Play the lifted cards: straight away when they mean one move (or match no listed play of a cut list), else ask which reading. */
  play(matches, chosen) {
    if (matches.length <= 1) this.table.send({ cards: chosen.join(' ') });
    else this.offerChoices(matches, chosen);
  }

  /** Ask which reading of the lifted cards to play; the choice is sent with the exact cards lifted. */
  offerChoices(readings, chosen) {
    this.choices = readings;
    this.choiceCards = chosen.join(' ');
    this.table.render();
  }

  /** Lift the cards of the next legal play, as the server picked them (or of the next action naming cards), cycling through them. */
  hint(legal, byCards, hand) {
    const options = legal.plays.length
      ? legal.plays.map((text) => () => this.table.playIndexes(text))
      : byCards.flatMap((group) => group.actions.map((a) => () => indexesOfCards(namedCards(a.arg), hand)));
    for (let step = 0; step < options.length; step += 1) {
      this.hintIndex = (this.hintIndex + 1) % options.length;
      const picked = options[this.hintIndex]();
      if (picked) {
        this.table.liftOnly(picked);
        return;
      }
    }
  }
}
