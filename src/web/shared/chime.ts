// A short two-note chime made with Web Audio (no sound file to load). Browsers let a page play sound only after a
// tap on it: the first tap or key resumes the audio, and `locked()` tells a screen to show "tap for sound".
// `?sound=off` in the page's address silences it. Some browsers (a kiosk's flags, or Chromium now and then on its
// own) let a page play from the start: then there is nothing to ask. The page says which it is in
// `<html data-sound="locked|on">`, so a test in a real browser can follow the browser's choice.

type Listener = (locked: boolean) => void;

export interface Chime {
  /** Plays the chime when sound is on and the browser allows it; otherwise does nothing. */
  play(): void;
  /** True while the browser still waits for a tap before it plays anything. */
  locked(): boolean;
  enabled: boolean;
  /** Tells the listener when the lock changes; returns the function that stops telling it. */
  onLockChange(listener: Listener): () => void;
}

export function createChime(search: string = location.search): Chime {
  const enabled = new URLSearchParams(search).get('sound') !== 'off';
  const AudioCtor = (window as unknown as { AudioContext?: typeof AudioContext }).AudioContext;
  let context: AudioContext | null = null;
  const listeners: Listener[] = [];
  const audio = (): AudioContext | null => {
    if (!enabled || !AudioCtor) return null;
    if (context) return context;
    try {
      context = new AudioCtor();
    } catch {
      return null;
    }
    // The browser may start or stop the audio on its own: the hint follows what it does, not only our taps.
    context.addEventListener('statechange', () => tell());
    mark(context);
    return context;
  };
  const mark = (ctx: AudioContext) => {
    document.documentElement.dataset['sound'] = ctx.state === 'running' ? 'on' : 'locked';
  };
  const isLocked = () => {
    const ctx = audio();
    return ctx !== null && ctx.state !== 'running';
  };
  const tell = () => {
    if (context) mark(context);
    const locked = isLocked();
    listeners.forEach((listener) => listener(locked));
  };

  if (enabled) {
    const unlock = () => {
      const ctx = audio();
      if (!ctx) return;
      void ctx.resume().then(() => {
        tell();
        if (ctx.state === 'running') {
          window.removeEventListener('pointerdown', unlock, true);
          window.removeEventListener('keydown', unlock, true);
        }
      });
    };
    window.addEventListener('pointerdown', unlock, true);
    window.addEventListener('keydown', unlock, true);
  }

  return {
    enabled,
    locked: isLocked,
    onLockChange(listener) {
      listeners.push(listener);
      return () => {
        const index = listeners.indexOf(listener);
        if (index >= 0) listeners.splice(index, 1);
      };
    },
    play() {
      const ctx = audio();
      if (ctx?.state !== 'running') return;
      // Counted on the page (`<html data-chimes>`), so a test in a real browser can tell that it rang.
      const root = document.documentElement;
      root.dataset['chimes'] = String(Number(root.dataset['chimes'] ?? 0) + 1);
      const start = ctx.currentTime + 0.01;
      // Two bright notes (E6, then A6), loud enough over a fryer, gone in under half a second.
      [
        [1318.5, 0],
        [1760, 0.16],
      ].forEach(([frequency, offset]) => {
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        osc.type = 'sine';
        osc.frequency.value = frequency as number;
        const at = start + (offset as number);
        gain.gain.setValueAtTime(0.0001, at);
        gain.gain.exponentialRampToValueAtTime(0.5, at + 0.015);
        gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.28);
        osc.connect(gain).connect(ctx.destination);
        osc.start(at);
        osc.stop(at + 0.3);
      });
    },
  };
}
