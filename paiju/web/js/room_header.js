/**
 * The room's header line: the table's name, the room code, the room's status and hand number, the
 * connection, the history link and “copy this game”.
 */
import { apiText } from './api.js';
import { copyText, fill, h, toast } from './dom.js';
import { t } from './i18n.js';
import { tableName } from './table_names.js';

/** Draw the header of `page` (the room page) into `section`. */
export function fillRoomHeader(section, page) {
  const { room, connection } = page;
  const status = { connecting: t('room.connecting'), open: t('room.connected'), retrying: t('room.disconnected'), gave_up: t('room.gave_up'), closed: '' }[connection];
  const reconnect = connection === 'gave_up' && page.socket
    ? h('button', { class: 'reconnect', onClick: () => page.socket.connect() }, t('room.reconnect')) : null;
  fill(section,
    h('h1', {}, tableName({ name: room.variant, title: room.title })),
    h('span', { class: 'room-code' }, `${t('room.code')}: `, h('strong', {}, room.code)),
    h('span', { class: 'room-status', dataset: { status: room.status } }, t(`room.status.${room.status}`),
      room.hand_number ? ` · ${t('room.hand_number', { n: room.hand_number })}` : ''),
    page.identity ? h('span', { class: `connection ${connection}` }, status) : null,
    page.identity ? reconnect : null,
    h('a', { href: `/r/${room.code}/history`, class: 'history-link' }, t('room.history')),
    page.mySeat !== null && room.hand_number > 0
      ? h('button', { class: 'copy-game', onClick: () => copyGame(page.code, page.identity.token) }, t('room.copy_game')) : null);
}

/** “Copy this game”: the current hand's log as this seat may see it, onto the clipboard. */
async function copyGame(code, token) {
  try {
    // As the server wrote it: a finished hand's 128-bit seed would not survive a JavaScript number.
    await copyText(await apiText(`/api/rooms/${encodeURIComponent(code)}/log`, { token }));
    toast(t('room.game_copied'));
  } catch (err) {
    toast(err.message, 'error');
  }
}
