/** Entry point: the page chrome, the language switch, and the page for the current path. */
import { fill, h, toast } from './dom.js';
import { currentLang, onLangChange, setLang, t } from './i18n.js';
import { showHistory } from './history.js';
import { showLobby } from './lobby.js';
import { showReplay } from './replay.js';
import { showRoom } from './room.js';

/** The page for a path: `/`, `/r/CODE`, `/r/CODE/history`, `/r/CODE/replay/ID` (a room's hand), `/replay/ID` (an imported hand); any other `/r/…` is a room that does not exist. */
function route(path) {
  let m = /^\/r\/([^/]+)\/replay\/([^/]+)\/?$/.exec(path);
  if (m) return (main) => showReplay(main, decodeURIComponent(m[2]), decodeURIComponent(m[1]));
  m = /^\/r\/([^/]+)\/history\/?$/.exec(path);
  if (m) return (main) => showHistory(main, decodeURIComponent(m[1]));
  m = /^\/r\/([^/]+)\/?$/.exec(path);
  if (m) return (main) => showRoom(main, decodeURIComponent(m[1]));
  m = /^\/replay\/([^/]+)\/?$/.exec(path);
  if (m) return (main) => showReplay(main, decodeURIComponent(m[1]));
  // Any other path under /r/ names no room (a code typed with a slash): the room page says so.
  m = /^\/r\/(.+?)\/?$/.exec(path);
  if (m) return (main) => showRoom(main, decodeURIComponent(m[1]));
  return showLobby;
}

function header() {
  return h('header', { class: 'top' },
    h('a', { href: '/', class: 'brand' }, t('app')),
    h('nav', {}, h('a', { href: '/' }, t('lobby')),
      h('button', { class: 'lang-switch', onClick: () => setLang(currentLang() === 'zh' ? 'en' : 'zh') }, t('language'))));
}

async function start() {
  document.documentElement.lang = currentLang() === 'zh' ? 'zh-CN' : 'en';
  const top = h('div');
  const main = h('main', { id: 'main' });
  fill(document.body, top, main);
  let redraw = () => {};
  fill(top, header());
  onLangChange(() => {
    fill(top, header());
    redraw();
  });
  try {
    redraw = (await route(location.pathname)(main)) || redraw;
  } catch (err) {
    toast(t('error.generic', { message: err.message }), 'error');
  }
}

start();
