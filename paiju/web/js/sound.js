/** A short two-tone beep from WebAudio (no sound file): the cue that it is your turn. */

let context = null;

export function beep() {
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') context.resume();
    const now = context.currentTime;
    [660, 880].forEach((frequency, i) => {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, now + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.15, now + i * 0.12 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.12 + 0.11);
      osc.connect(gain).connect(context.destination);
      osc.start(now + i * 0.12);
      osc.stop(now + i * 0.12 + 0.12);
    });
  } catch {
    // No audio device or the browser refuses audio before a gesture: the visual cue remains.
  }
}
