/** What the browser remembers: the display name, and per room the seat's secret token. */

const NAME_KEY = 'paiju.name';
const roomKey = (code) => `paiju.room.${code}`;

/** The name this browser last played under. */
export function savedName() {
  return localStorage.getItem(NAME_KEY) || '';
}

export function saveName(name) {
  localStorage.setItem(NAME_KEY, name);
}

/** `{token, player_id, name}` for a room this browser joined, or null. */
export function roomIdentity(code) {
  try {
    return JSON.parse(localStorage.getItem(roomKey(code)) || 'null');
  } catch {
    return null;
  }
}

export function saveRoomIdentity(code, identity) {
  localStorage.setItem(roomKey(code), JSON.stringify(identity));
}

export function forgetRoom(code) {
  localStorage.removeItem(roomKey(code));
}
