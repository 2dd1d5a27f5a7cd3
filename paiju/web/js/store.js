/** What the browser remembers: the display name, per room the seat's secret token, the presets' owner key. */

const NAME_KEY = 'paiju.name';
const OWNER_KEY = 'paiju.presets.owner';
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

/** The secret token this browser holds in a room (sent as `X-Paiju-Token`), or null. */
export function roomToken(code) {
  return code ? roomIdentity(code)?.token ?? null : null;
}

export function saveRoomIdentity(code, identity) {
  localStorage.setItem(roomKey(code), JSON.stringify(identity));
}

export function forgetRoom(code) {
  localStorage.removeItem(roomKey(code));
}

/** The key the server gave this browser's presets (sent as `X-Paiju-Owner`), or null before the first save. */
export function presetOwner() {
  return localStorage.getItem(OWNER_KEY);
}

export function savePresetOwner(owner) {
  if (owner) localStorage.setItem(OWNER_KEY, owner);
}
