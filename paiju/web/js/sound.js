/**
 * Short cues made with WebAudio (no sound files): a play, a pass, a bomb, your turn, a win and a loss,
 * with a mute switch remembered per device (localStorage `paiju.mute`).
 */
import { h } from './dom.js';
import { onLangChange, t } from './i18n.js';

const MUTE_KEY = 'paiju.mute';

/** Each cue as tones: [frequency in Hz, start in s, length in s, waveform]. */
const CUES = {
  play: [[520, 0, 0.07, 'triangle']],
  pass: [[300, 0, 0.09, 'sine']],
  bomb: [[120, 0, 0.4, 'sawtooth'], [70, 0.06, 0.45, 'square']],
  turn: [[660, 0, 0.11, 'sine'], [880, 0.12, 0.11, 'sine']],
  win: [[523, 0, 0.14, 'triangle'], [659, 0.14, 0.14, 'triangle'], [784, 0.28, 0.3, 'triangle']],
  lose: [[392, 0, 0.18, 'sine'], [330, 0.18, 0.18, 'sine'], [262, 0.36, 0.32, 'sine']],
};

let context = null;
let muted = localStorage.getItem(MUTE_KEY) === '1';

/** Whether the cues are switched off on this device. */
export function isMuted() {
  return muted;
}

/** Switch the cues off (or on) and remember it on this device. */
export function setMuted(on) {
  muted = on;
  localStorage.setItem(MUTE_KEY, on ? '1' : '0');
}

/** Play the cue `name` (a key of `CUES`) unless muted; a browser without audio stays silent. */
export function playSound(name) {
  if (muted || !CUES[name]) return;
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') context.resume();
    const now = context.currentTime;
    for (const [frequency, start, length, wave] of CUES[name]) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = wave;
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(0.15, now + start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      osc.connect(gain).connect(context.destination);
      osc.start(now + start);
      osc.stop(now + start + length + 0.01);
    }
  } catch {
    // No audio device or the browser refuses audio before a gesture: the visual cue remains.
  }
}

/** The cue that it is your turn. */
export function beep() {
  playSound('turn');
}

/** The sound switch: a button that mutes or unmutes the cues and says which it is. */
export function muteButton() {
  const button = h('button', { type: 'button', class: 'mute-switch' });
  const show = () => {
    button.textContent = `♪ ${muted ? t('sound.off') : t('sound.on')}`;
    button.setAttribute('aria-pressed', String(muted));
    button.setAttribute('aria-label', muted ? t('sound.unmute') : t('sound.mute'));
  };
  button.addEventListener('click', () => {
    setMuted(!muted);
    show();
  });
  onLangChange(show);
  show();
  return button;
}
