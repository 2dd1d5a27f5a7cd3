/**
 * Where each seat sits round the oval table: you at the bottom, then the others in play order
 * counter-clockwise as Chinese apps draw it — the next seat (下家) on your right, the one before you
 * (上家) on your left — spread over the upper arc, for 2 to 8 seats (with two, the opponent sits
 * facing you at the top centre).
 */

/** Half the oval's width and height, in percent of the ring's box, and its centre. */
const RX = 41;
const RY = 40;
const CX = 50;
const CY = 44;

/**
 * The angle (degrees, screen coordinates: 0 right, -90 up) the arc of the other seats starts at on
 * your right; the arc keeps to the upper part of the oval, so the lower middle stays free for the
 * phase's explanation and the play to beat.
 */
function arcStart(others) {
  if (others <= 2) return -28;
  if (others === 3) return -6;
  return others <= 5 ? 10 : 15;
}

/** Which way a seat faces the middle, so its latest play is drawn in front of it. */
function sideOf(angle) {
  const x = Math.cos((angle * Math.PI) / 180);
  if (x > 0.8) return 'right';
  if (x < -0.8) return 'left';
  return 'top';
}

/**
 * `[{seat, x, y, side}]` for the seats drawn round the ring (percent of the ring's box): every seat
 * but yours; a spectator (`me` null) watches from seat 1's place, so seat 1 is drawn at the foot.
 */
export function seatPlaces(players, me) {
  const anchor = me ?? 0;
  const others = players - 1;
  const start = arcStart(others);
  const span = 180 + 2 * start;
  const places = [];
  for (let k = 1; k <= others; k += 1) {
    const angle = others === 1 ? -90 : start - ((k - 1) * span) / (others - 1);
    const rad = (angle * Math.PI) / 180;
    places.push({
      seat: (anchor + k) % players,
      x: CX + RX * Math.cos(rad),
      y: CY + RY * Math.sin(rad),
      side: sideOf(angle),
    });
  }
  return places;
}
