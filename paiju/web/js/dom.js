/** Tiny DOM helpers: build elements from tag, properties and children, without a framework. */

/**
 * Create an element. `on…` props become listeners, `class` the class name, `value` and
 * `checked` are set as properties after the children (so a <select> can pick its option).
 */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  const late = {};
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on')) el.addEventListener(key.slice(2).toLowerCase(), value);
    else if (key === 'class') el.className = value;
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key === 'value' || key === 'checked' || key === 'disabled') late[key] = value;
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  Object.assign(el, late);
  return el;
}

/** The longest display name, in code points as the server counts it (`MAX_NAME` in paiju/server/protocol.py). */
export const NAME_MAX = 32;

/**
 * A display name's input, holding at most `NAME_MAX` code points: an emoji is one, where `maxlength` would count
 * its two UTF-16 units and stop a name of emoji at half the length the server takes.
 */
export function nameInput(value) {
  const input = h('input', { type: 'text', name: 'name', required: true, value, autocomplete: 'nickname' });
  input.addEventListener('input', () => {
    const points = [...input.value];
    if (points.length > NAME_MAX) input.value = points.slice(0, NAME_MAX).join('');
  });
  return input;
}

/** Replace an element's children with `children`. */
export function fill(el, ...children) {
  el.replaceChildren();
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

/** Show a short message in the page's toast area (errors from the server, copy confirmations). */
export function toast(message, kind = 'info') {
  let area = document.getElementById('toasts');
  if (!area) {
    area = h('div', { id: 'toasts', 'aria-live': 'polite' });
    document.body.append(area);
  }
  const note = h('div', { class: `toast toast-${kind}`, role: kind === 'error' ? 'alert' : 'status' }, message);
  area.append(note);
  setTimeout(() => note.remove(), kind === 'error' ? 6000 : 3000);
}

/** Offer `text` as a file download named `filename`. */
export function download(filename, text, type = 'application/json') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = h('a', { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Put `text` on the clipboard; falls back to a hidden text area where the Clipboard API is refused. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = h('textarea', { class: 'offscreen', readonly: true }, text);
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}
