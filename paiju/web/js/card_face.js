/**
 * Card faces drawn in SVG: the rank and suit in the top-left corner (the part a fanned hand shows), a
 * large suit in the middle, jokers with JOKER down the corner and a star. Each suit has its own shape,
 * so the suits tell apart without colour.
 */

const NS = 'http://www.w3.org/2000/svg';

/** An SVG element with attributes and children. */
function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  for (const child of children) el.append(child);
  return el;
}

/** Each suit's shape in a 100 × 100 box: pointed spade, round heart, diamond, three-leaf club. */
const SUIT_SHAPES = {
  s: () => [svg('path', { d: 'M50 4C70 30 98 44 98 66a22 22 0 0 1-40 12L64 98H36l6-20A22 22 0 0 1 2 66C2 44 30 30 50 4Z' })],
  h: () => [svg('path', { d: 'M50 96C26 74 2 56 2 30a24 24 0 0 1 48-6 24 24 0 0 1 48 6c0 26-24 44-48 66Z' })],
  d: () => [svg('path', { d: 'M50 2 90 50 50 98 10 50Z' })],
  c: () => [
    svg('circle', { cx: 50, cy: 27, r: 22 }),
    svg('circle', { cx: 26, cy: 60, r: 22 }),
    svg('circle', { cx: 74, cy: 60, r: 22 }),
    svg('path', { d: 'M44 50h12l8 48H36Z' }),
  ],
};

/** A suit shape scaled to `size` with its top-left corner at (x, y). */
function suitShape(suit, x, y, size) {
  return svg('g', { class: 'pip', transform: `translate(${x} ${y}) scale(${size / 100})` }, ...SUIT_SHAPES[suit]());
}

/** A five-pointed star centred at (cx, cy): the joker's picture (filled for the big joker, outlined for the small). */
function star(cx, cy, r, filled) {
  const points = [];
  for (let i = 0; i < 10; i += 1) {
    const radius = i % 2 ? r * 0.45 : r;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`);
  }
  return svg('polygon', { class: filled ? 'star filled' : 'star', points: points.join(' ') });
}

/** The faces drawn so far, by rank, suit and options: `cardFace` copies them. */
const FACES = new Map();

/**
 * The face of one card as an `<svg>` (60 × 84 units): `rank` as printed (`10`, `K`), `suit` one of
 * `shdc` or null (a joker, or a card of a play named by its rank alone), `joker` whether it is a joker,
 * `big` whether a joker is the big (red) one, `name` the joker's name. A `compact` face (the small
 * cards of plays) is all corner: a large rank over a large suit.
 */
export function cardFace(rank, suit, { joker = false, big = false, name = '', compact = false } = {}) {
  // A table redraws every card at every move: each face is built once and copied after.
  const key = `${rank}|${suit}|${joker}|${big}|${name}|${compact}`;
  let face = FACES.get(key);
  if (!face) {
    face = drawFace(rank, suit, { joker, big, name, compact });
    FACES.set(key, face);
  }
  return face.cloneNode(true);
}

/** A card face drawn anew (`cardFace`). */
function drawFace(rank, suit, { joker, big, name, compact }) {
  const face = svg('svg', { class: 'face', viewBox: '0 0 60 84', 'aria-hidden': 'true', focusable: 'false' },
    svg('rect', { class: 'paper', x: 0.5, y: 0.5, width: 59, height: 83, rx: 5 }));
  if (joker) {
    [...'JOKER'].forEach((letter, i) => face.append(svg('text', { class: 'joker-letter', x: 7, y: 11 + i * 9 }, letter)));
    face.append(star(36, 44, 16, big), svg('text', { class: 'joker-name', x: 36, y: 76 }, name));
    return face;
  }
  // `10` is squeezed into the width of one rank so it never runs past the corner.
  const size = compact ? 1.6 : 1;
  const wide = rank.length > 1 ? { textLength: 15 * size, lengthAdjust: 'spacingAndGlyphs' } : {};
  face.append(svg('text', { class: compact ? 'corner-rank compact' : 'corner-rank', x: rank.length > 1 ? 2.5 : 4, y: 17 * size, ...wide }, rank));
  if (suit) face.append(suitShape(suit, 3, 21 * size + 2, 13 * size + 4));
  if (suit && !compact) face.append(suitShape(suit, 26, 44, 28));
  return face;
}
