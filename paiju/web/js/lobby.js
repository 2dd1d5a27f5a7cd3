/**
 * The lobby: pick a table, give a name and create the room (all on the first screen of a phone),
 * with the room options, rules and presets folded below; or join a room by its code.
 */
import { api, variants } from './api.js';
import { fill, h, nameInput, toast } from './dom.js';
import { t } from './i18n.js';
import { importHandButton } from './replay.js';
import { SettingsForm } from './settings_form.js';
import { presetOwner, saveName, savePresetOwner, saveRoomIdentity, savedName } from './store.js';
import { tableName } from './table_names.js';

/** Room codes as the server makes them (letters and digits); the check keeps a slash out of the path. */
const ROOM_CODE = /^[A-Z0-9]{1,16}$/;

export async function showLobby(main) {
  const variantList = await variants();
  const form = new SettingsForm(variantList);
  /** A preset's table by its name in the reader's language. */
  const presetTable = (name) => {
    const variant = variantList.find((v) => v.name === name);
    return variant ? tableName(variant) : name;
  };
  const presetList = h('ul', { class: 'presets' });
  const nameField = nameInput(savedName());
  const presetName = h('input', { type: 'text', name: 'preset', maxlength: 32 });
  const codeInput = h('input', { type: 'text', name: 'code', maxlength: 16, autocapitalize: 'characters' });

  /** This browser's presets: the server lists only those of its owner key (none before the first save). */
  async function loadPresets() {
    const owner = presetOwner();
    const presets = owner ? await api('/api/presets', { owner }) : [];
    fill(presetList, presets.length ? presets.map((p) => h('li', { dataset: { preset: p.name } },
      h('span', { class: 'preset-name' }, p.name),
      h('span', { class: 'preset-variant' }, presetTable(p.settings.variant)),
      h('button', { type: 'button', class: 'use-preset', onClick: () => form.set(p.settings) }, t('lobby.load_preset')),
      h('button', { type: 'button', class: 'delete-preset', onClick: () => api(`/api/presets/${encodeURIComponent(p.name)}`, { method: 'DELETE', owner: presetOwner() }).then(loadPresets, (e) => toast(e.message, 'error')) }, t('lobby.delete_preset')))) : h('li', { class: 'muted' }, t('lobby.no_presets')));
  }

  async function savePreset() {
    if (!presetName.value.trim()) {
      presetName.focus();
      return;
    }
    const saved = await api('/api/presets', { method: 'POST', body: { name: presetName.value.trim(), settings: form.value() }, owner: presetOwner() });
    savePresetOwner(saved.owner);
    toast(t('lobby.preset_saved'));
    await loadPresets();
  }

  /** One room per press: the button waits while the request is on its way, and a second submit sends nothing. */
  let creating = false;
  async function create(event) {
    event.preventDefault();
    if (creating) return;
    const name = nameField.value.trim();
    const button = event.target.querySelector('button.create');
    creating = true;
    button.disabled = true;
    try {
      saveName(name);
      const created = await api('/api/rooms', { method: 'POST', body: { ...form.value(), name } });
      // The host takes a seat as soon as the room page opens (see room.js `sitOnArrival`).
      saveRoomIdentity(created.code, { token: created.token, player_id: created.player_id, name, seat_on_arrival: true });
      location.assign(`/r/${encodeURIComponent(created.code)}`);
    } catch (err) {
      creating = false;
      button.disabled = false;
      throw err;
    }
  }

  /** Go to the room of a typed code; a code is letters and digits, anything else is refused here. */
  function join(event) {
    event.preventDefault();
    const code = codeInput.value.trim().toUpperCase();
    if (!code) return;
    if (!ROOM_CODE.test(code)) {
      toast(t('lobby.bad_code'), 'error');
      return;
    }
    location.assign(`/r/${encodeURIComponent(code)}`);
  }

  const report = (fn) => (event) => fn(event).catch((err) => toast(err.message, 'error'));
  /** Draw the lobby in the current language (the inputs keep what was typed; their placeholders follow the language). */
  const draw = () => {
    presetName.placeholder = t('lobby.preset_name');
    codeInput.placeholder = t('lobby.code');
    fill(main,
      h('form', { class: 'panel create-room', onSubmit: report(create) },
        h('h2', {}, t('lobby.create')),
        form.picker,
        h('div', { class: 'create-row' },
          h('label', { class: 'field' }, h('span', {}, t('lobby.name')), nameField),
          h('button', { type: 'submit', class: 'primary create' }, t('lobby.submit'))),
        form.folds),
      h('section', { class: 'panel join-room' },
        h('h2', {}, t('lobby.join')),
        h('form', { class: 'inline', onSubmit: join }, codeInput, h('button', { type: 'submit' }, t('lobby.go')))),
      h('section', { class: 'panel' },
        h('h2', {}, t('lobby.presets')),
        presetList,
        h('div', { class: 'inline' }, presetName, h('button', { type: 'button', class: 'save-preset', onClick: report(savePreset) }, t('lobby.save_preset')))),
      h('section', { class: 'panel' }, importHandButton()));
  };
  draw();
  loadPresets().catch((err) => toast(err.message, 'error'));
  return () => {
    form.set(form.value(true));
    draw();
    loadPresets().catch((err) => toast(err.message, 'error'));
  };
}
