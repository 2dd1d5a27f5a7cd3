/** The lobby: choose a table and its rules, save or use presets, create a room or join one by code. */
import { api, variants } from './api.js';
import { fill, h, toast } from './dom.js';
import { t } from './i18n.js';
import { importHandButton } from './replay.js';
import { SettingsForm } from './settings_form.js';
import { presetOwner, saveName, savePresetOwner, saveRoomIdentity, savedName } from './store.js';

export async function showLobby(main) {
  const form = new SettingsForm(await variants());
  const presetList = h('ul', { class: 'presets' });
  const nameInput = h('input', { type: 'text', name: 'name', maxlength: 32, required: true, value: savedName(), autocomplete: 'nickname' });
  const presetName = h('input', { type: 'text', name: 'preset', maxlength: 32, placeholder: t('lobby.preset_name') });
  const codeInput = h('input', { type: 'text', name: 'code', maxlength: 16, placeholder: t('lobby.code'), autocapitalize: 'characters' });

  /** This browser's presets: the server lists only those of its owner key (none before the first save). */
  async function loadPresets() {
    const owner = presetOwner();
    const presets = owner ? await api('/api/presets', { owner }) : [];
    fill(presetList, presets.length ? presets.map((p) => h('li', { dataset: { preset: p.name } },
      h('span', { class: 'preset-name' }, p.name),
      h('span', { class: 'preset-variant' }, p.settings.variant),
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

  async function create(event) {
    event.preventDefault();
    const name = nameInput.value.trim();
    saveName(name);
    const created = await api('/api/rooms', { method: 'POST', body: { ...form.value(), name } });
    saveRoomIdentity(created.code, { token: created.token, player_id: created.player_id, name });
    location.assign(`/r/${created.code}`);
  }

  const report = (fn) => (event) => fn(event).catch((err) => toast(err.message, 'error'));
  const draw = () => fill(main,
    h('section', { class: 'panel join-room' },
      h('h2', {}, t('lobby.join')),
      h('form', { class: 'inline', onSubmit: (e) => { e.preventDefault(); if (codeInput.value.trim()) location.assign(`/r/${codeInput.value.trim().toUpperCase()}`); } },
        codeInput, h('button', { type: 'submit' }, t('lobby.go')))),
    h('form', { class: 'panel create-room', onSubmit: report(create) },
      h('h2', {}, t('lobby.create')),
      form.root,
      h('label', { class: 'field' }, h('span', {}, t('lobby.name')), nameInput),
      h('button', { type: 'submit', class: 'primary' }, t('lobby.submit'))),
    h('section', { class: 'panel' },
      h('h2', {}, t('lobby.presets')),
      presetList,
      h('div', { class: 'inline' }, presetName, h('button', { type: 'button', class: 'save-preset', onClick: report(savePreset) }, t('lobby.save_preset')))),
    h('section', { class: 'panel' }, importHandButton()));
  draw();
  loadPresets().catch((err) => toast(err.message, 'error'));
  return () => {
    form.set(form.value(true));
    draw();
    loadPresets().catch((err) => toast(err.message, 'error'));
  };
}
