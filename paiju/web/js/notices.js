/**
 * What changes between two frames, told as it happens: banners (a new deal, the landlord known and the gifts
 * shown, a partner named, the speculator changing sides, 托管 switched on, the result), short animations for
 * bombs, rockets and spring, and the sounds. Banners float above the page, so nothing under them moves.
 */
import { cardRow, parseCards } from './cards.js';
import { h } from './dom.js';
import { t, tableLabel } from './i18n.js';
import { muteButton, playSound } from './sound.js';

/** How long a banner stays, in milliseconds. */
const BANNER_MS = 2600;

/** The layer banners and bursts are drawn in, fixed over the page and never taking a click; created once, with the sound switch in the page's top bar. */
function layer() {
  let el = document.getElementById('notices');
  if (!el) {
    el = h('div', { id: 'notices', 'aria-live': 'polite' }, h('div', { class: 'banners' }));
    document.body.append(el, muteButton());
  }
  return el;
}

/** Banners shown at once at most (two on a phone, whose top seats sit right under them); an older one gives way. */
const maxBanners = () => (matchMedia('(max-width: 480px)').matches ? 2 : 3);

/** Until when (epoch ms) a banner that must be read on its own (a new deal's) keeps the others waiting. */
let aloneUntil = 0;

/**
 * Show a banner with `text` (a string or element) for a moment (`ms`); `kind` styles it. A banner shown `alone`
 * (a new deal's, which says why the last deal was void) has that long to itself: banners after it wait their turn,
 * so the new deal and the next landlord never share the same second.
 */
function banner(text, kind = 'info', { ms = BANNER_MS, alone = 0 } = {}) {
  const wait = Math.max(0, aloneUntil - Date.now());
  if (alone) aloneUntil = Date.now() + wait + alone;
  const show = () => {
    const note = h('div', { class: `banner banner-${kind}`, role: 'status' }, text);
    const stack = layer().querySelector('.banners');
    stack.append(note);
    while (stack.children.length > maxBanners()) stack.firstElementChild.remove();
    setTimeout(() => note.remove(), ms);
  };
  if (wait) setTimeout(show, wait);
  else show();
}

/** How long a new deal's banner stays, and how long it is shown alone before the next banner. */
const REDEAL_MS = 6000;
const REDEAL_ALONE_MS = 2600;

/** A short burst in the middle of the table (炸弹, 王炸, 春天): an animation that moves nothing else. */
function burst(text, kind) {
  const el = h('div', { class: `burst burst-${kind}`, 'aria-hidden': 'true' }, text);
  layer().append(el);
  el.addEventListener('animationend', () => el.remove());
  setTimeout(() => el.remove(), 1500);
}

/**
 * The gifts flying from the table's middle to the seats that receive them, once they are turned up:
 * copies of the cards move over the page (transforms only), then vanish.
 */
function flyGifts(gifts) {
  const table = document.querySelector('.table');
  if (!table || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const from = table.getBoundingClientRect();
  for (const { seat, cards } of gifts) {
    const target = document.querySelector(`.table .seat[data-seat="${seat}"]`)?.getBoundingClientRect();
    if (!target || !cards) continue;
    const flying = h('div', { class: 'flying-gift', 'aria-hidden': 'true' }, cardRow(cards));
    layer().append(flying);
    const x = from.left + from.width / 2;
    const y = from.top + from.height / 2;
    flying.style.left = `${x}px`;
    flying.style.top = `${y}px`;
    const dx = target.left + target.width / 2 - x;
    const dy = target.top + target.height / 2 - y;
    flying.animate([{ transform: 'translate(-50%, -50%)', opacity: 1 }, { transform: `translate(calc(${dx}px - 50%), calc(${dy}px - 50%)) scale(0.6)`, opacity: 0.2 }],
      { duration: 900, easing: 'ease-in-out' }).finished.then(() => flying.remove(), () => flying.remove());
  }
}

/** Why a hand was dealt again, in the reader's language (the engine's reasons are known; any other is a plain new deal). */
export function redealWords(reason) {
  const key = { 'nobody bid': 'notice.redeal.nobody_bid', 'the determination card is in the bottom': 'notice.redeal.determination', 'the speculator cannot make its gifts': 'notice.redeal.gifts' }[reason];
  return t(key ?? 'notice.redeal');
}

/** Whether a play is a rocket (王炸): nothing but jokers. */
function isRocket(cards) {
  const list = parseCards(cards);
  return list.length >= 2 && list.every((c) => c === 'B' || c === 'R');
}

/** How many bomb factors the stake holds. */
function bombs(view) {
  return (view.factors || []).filter((f) => f.factor === 'bomb').length;
}

/** Reads the frames of one room page in order and tells what changed between two of them. */
export class Feedback {
  constructor() {
    this.last = null;
    /** The seats on 托管 in the last room frame (null before the first one). */
    this.autoSeats = null;
    /** The first hand this page watched from its start (set by the first room frame). */
    this.firstWatchedHand = null;
    this.resultShown = null;
    /** The hand this page has seen being played (a result arriving on a reload between hands is not announced). */
    this.liveHand = null;
    this.names = [];
    layer();
  }

  /** Any frame of the room's socket, after the page has taken it in: `names` are the seats' names as the page shows them, `seat` the reader's. */
  frame(frame, { names, seat }) {
    this.names = names;
    if (frame.type === 'view') this.view(frame);
    else if (frame.type === 'room') this.room(frame, seat);
    else if (frame.type === 'result') this.result(frame, seat);
  }

  name(seat) {
    return this.names[seat] ?? t('room.seat', { n: seat + 1 });
  }

  /** A `view` frame: compare it with the one before in the same hand. */
  view(frame) {
    const previous = this.last;
    this.last = frame;
    if (frame.view.phase !== 'over') this.liveHand = frame.hand_number;
    // New deals since the last frame of the hand; in a hand that began while this page watched, also those before
    // its first view (nobody saw those cards).
    const sameHand = previous?.hand_number === frame.hand_number;
    const fresh = sameHand ? (frame.redeals || []).slice((previous.redeals || []).length)
      : this.firstWatchedHand !== null && frame.hand_number >= this.firstWatchedHand ? frame.redeals || [] : [];
    this.redeals(fresh, sameHand ? previous.view : null);
    if (!sameHand) return;
    const before = previous.view;
    const now = frame.view;
    // Each part as it was and is now (an empty one where the table has no such part).
    const [was, is] = [before, now].map((v) => ({ speculator: {}, partner: {}, five: {}, ...v.parts }));
    if (before.phase === 'bid' && now.phase !== 'bid' && now.landlord !== null && now.phase !== 'gift') {
      const gifts = (is.speculator.gifts || []).filter((g) => g.seat >= 0);
      banner(tableLabel(this.table, gifts.length ? 'notice.landlord_gifts' : 'notice.landlord', { name: this.name(now.landlord), n: now.bid }), 'landlord');
      requestAnimationFrame(() => flyGifts(gifts));
    }
    if (!was.partner.shown && is.partner.shown) {
      banner(is.partner.partnership === 'alone' ? t('notice.alone', { name: this.name(now.landlord) }) : t('notice.partner_named', { name: this.name(now.landlord) }), 'partner');
    }
    if (before.phase === 'choose' && now.phase !== 'choose') {
      // 斗帝主: how many bottom cards the emperor kept shows in its count (its rivals, 34 each, have not played yet).
      const other = (now.landlord + 1) % now.players;
      const total = before.cards_left[now.landlord] - before.cards_left[other];
      const kept = now.cards_left[now.landlord] - now.cards_left[other];
      banner(t('notice.kept', { name: this.name(now.landlord), kept, total }), 'landlord');
    }
    if (was.five.identity === 'deciding' && is.five.identity && is.five.identity !== 'deciding') {
      const key = is.five.identity === 'hidden' ? 'notice.team_hidden' : is.five.hidden === null ? 'notice.team_alone' : 'notice.team';
      banner(t(key, { a: this.name(now.landlord), b: this.name(is.five.hidden) }), 'landlord');
    }
    if (was.five.identity === 'hidden' && (is.five.identity === 'twin' || is.five.identity === 'alone')) {
      // 五人斗地主: the hidden landlord played the other copy, or the landlord both copies and so plays alone.
      banner(t(`notice.${is.five.identity === 'twin' ? 'twin' : 'no_twin'}`, { a: this.name(now.landlord), b: this.name(is.five.hidden) }), 'partner');
    }
    if (!was.partner.declared && is.partner.declared) banner(t('notice.declared'), 'partner');
    const spec = is.speculator;
    if (!was.speculator.retreated_hand && spec.retreated_hand) banner(t('notice.retreat', { name: this.name(spec.seat) }), 'retreat');
    if (was.speculator.side && spec.side && was.speculator.side !== spec.side && !spec.retreated_hand && now.phase === 'play') {
      banner(t(`side.now.${spec.side}`, { name: this.name(spec.seat) }), 'side');
    }
    this.plays(before, now);
  }

  /**
   * The new deals since the last view, one banner for a run of the same reason (“×7”). A deal nobody bid on after
   * the speculator's gifts says that those gifts are void and the new deal finds the speculator anew (`before`: the
   * last view of the deal, when this page saw it).
   */
  redeals(reasons, before) {
    const runs = [];
    for (const reason of reasons) {
      if (runs.length && runs[runs.length - 1].reason === reason) runs[runs.length - 1].n += 1;
      else runs.push({ reason, n: 1 });
    }
    runs.forEach(({ reason, n }, i) => {
      const speculator = before?.parts?.speculator?.seat ?? null;
      const gifted = i === 0 && reason === 'nobody bid' && ['gift', 'bid'].includes(before?.phase) && speculator !== null;
      let text = redealWords(reason);
      if (gifted) text = before.seat === speculator ? t('notice.redeal.void_you') : t('notice.redeal.void', { name: this.name(speculator) });
      banner(n > 1 ? t('notice.redeal.times', { text, n }) : text, 'redeal', { ms: REDEAL_MS, alone: REDEAL_ALONE_MS });
    });
  }

  /** Sounds and bursts for the plays and passes since the last view. */
  plays(before, now) {
    const fresh = (now.history || []).slice((before.history || []).length);
    if (!fresh.length) return;
    const newest = fresh[fresh.length - 1];
    if (bombs(now) > bombs(before) || fresh.some((r) => r.cards !== 'pass' && isRocket(r.cards))) {
      const rocket = fresh.some((r) => r.cards !== 'pass' && isRocket(r.cards));
      burst(rocket ? t('effect.rocket') : t('effect.bomb'), rocket ? 'rocket' : 'bomb');
      playSound('bomb');
    } else {
      playSound(newest.cards === 'pass' ? 'pass' : 'play');
    }
    // The seat's play, as the table draws it in front of the seat, pops in once.
    requestAnimationFrame(() => {
      for (const el of document.querySelectorAll(`.table .seat[data-seat="${newest.seat}"] .last-action`)) el.classList.add('just-played');
    });
  }

  /** A `room` frame: 托管 switched on for a seat during a hand (a timeout, or the switch) is announced once. */
  room(frame, mySeat) {
    this.table = frame.variant;
    // The first hand this page sees from its start: the one after the hand under way (or last played) on arrival.
    this.firstWatchedHand ??= (frame.hand_number ?? 0) + 1;
    const on = new Set(frame.status === 'playing' ? frame.seats.filter((s) => s.auto).map((s) => s.seat) : []);
    // The first room frame (on arriving or reloading) only says which seats are on 托管 already.
    for (const seat of this.autoSeats ? on : []) {
      if (this.autoSeats.has(seat)) continue;
      banner(seat === mySeat ? t('notice.auto_you') : t('notice.auto_other', { name: this.name(seat) }), 'auto');
    }
    this.autoSeats = on;
  }

  /** A `result` frame: the result banner, spring's burst and the win or loss cue for a seated reader. */
  result(frame, mySeat) {
    if (frame.hand_number === this.resultShown || frame.hand_number !== this.liveHand) return;
    this.resultShown = frame.hand_number;
    if ((frame.factors || []).some((f) => f.factor === 'spring')) burst(t('effect.spring'), 'spring');
    const mine = frame.lines.find((l) => l.seat === mySeat);
    const words = frame.landlord_won === null || frame.landlord_won === undefined ? '' : tableLabel(this.table, frame.landlord_won ? 'settle.landlord_won' : frame.lines.length === 2 ? 'settle.farmer_won' : 'settle.farmers_won');
    if (mine) {
      banner(`${t(mine.score >= 0 ? 'notice.you_win' : 'notice.you_lose', { n: mine.score > 0 ? `+${mine.score}` : Math.abs(mine.score) })} ${words}`, mine.score >= 0 ? 'win' : 'lose');
      playSound(mine.score >= 0 ? 'win' : 'lose');
    } else if (words) {
      banner(words, 'result');
    }
  }
}
