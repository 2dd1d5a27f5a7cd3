/** How a visitor comes into a room: the join form with a name, and the link, QR code and code to invite others. */
import { copyText, fill, h, nameInput, toast } from './dom.js';
import { t } from './i18n.js';
import { saveName, savedName } from './store.js';

/**
 * The join form in `section`, hidden once this browser is in the room; `notice` says why the page
 * stopped trying to join (the room is full), and `onJoin(name)` joins under the name chosen.
 */
export function fillJoinForm(section, { joined, notice, onJoin }) {
  if (joined) {
    fill(section);
    section.hidden = true;
    return;
  }
  section.hidden = false;
  const name = nameInput(savedName());
  fill(section, h('h2', {}, t('room.join')),
    notice ? h('p', { class: 'notice error', role: 'alert' }, notice) : null,
    h('form', { class: 'inline', onSubmit: (e) => {
      e.preventDefault();
      const chosen = name.value.trim();
      if (!chosen) return;
      saveName(chosen);
      onJoin(chosen);
    } }, name, h('button', { type: 'submit', class: 'primary' }, t('room.join_button'))));
}

/** The room's link, its QR code and a copy button in `section`, to invite friends. */
export function fillSharePanel(section, room) {
  const link = room.url || `${location.origin}/r/${room.code}`;
  fill(section,
    h('h2', {}, t('room.share')),
    h('p', { class: 'share-link' }, h('a', { href: link }, link)),
    h('button', { class: 'copy-link', onClick: () => copyText(link).then(() => toast(t('room.link_copied'))) }, t('room.copy_link')),
    h('img', { class: 'qr', src: `/api/rooms/${encodeURIComponent(room.code)}/qr.svg`, alt: link, width: 160, height: 160 }));
}
