import './test-dom.js';
import t from 'tap';
import { createChime } from './chime.js';

// A stand-in for the browser's AudioContext: it starts as the browser decides and resumes when asked.
function fakeAudio(start: 'suspended' | 'running') {
  const made: FakeContext[] = [];
  class FakeContext extends EventTarget {
    state: string = start;
    currentTime = 0;
    destination = {};
    constructor() {
      super();
      made.push(this);
    }
    resume() {
      this.browserSets('running');
      return Promise.resolve();
    }
    browserSets(state: string) {
      if (this.state === state) return;
      this.state = state;
      this.dispatchEvent(new Event('statechange'));
    }
    createOscillator() {
      return { frequency: {}, connect: (next: unknown) => next, start() {}, stop() {} };
    }
    createGain() {
      return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (next: unknown) => next };
    }
  }
  (window as unknown as { AudioContext: unknown }).AudioContext = FakeContext;
  return made;
}

const chimes = () => Number(document.documentElement.dataset['chimes'] ?? 0);

t.afterEach(() => {
  delete (window as unknown as { AudioContext?: unknown }).AudioContext;
  delete document.documentElement.dataset['sound'];
  delete document.documentElement.dataset['chimes'];
});

t.test('a browser that waits for a tap: the screen asks, the first tap turns sound on', async (t) => {
  fakeAudio('suspended');
  const chime = createChime('');
  const told: boolean[] = [];
  chime.onLockChange((locked) => told.push(locked));
  t.ok(chime.locked(), 'locked until a tap');
  t.equal(document.documentElement.dataset['sound'], 'locked');
  chime.play();
  t.equal(chimes(), 0, 'nothing plays before the tap');
  window.dispatchEvent(new window.Event('pointerdown'));
  await new Promise((resolve) => setTimeout(resolve, 0));
  t.notOk(chime.locked(), 'on after the tap');
  t.equal(told.at(-1), false, 'the screen is told to drop its hint');
  t.equal(document.documentElement.dataset['sound'], 'on');
  chime.play();
  t.equal(chimes(), 1, 'and it rings');
});

t.test('a browser that lets the page play from the start: nothing to ask', async (t) => {
  fakeAudio('running');
  const chime = createChime('');
  t.notOk(chime.locked());
  t.equal(document.documentElement.dataset['sound'], 'on');
  chime.play();
  t.equal(chimes(), 1);
});

t.test('the hint follows the browser when it starts or stops the audio on its own', async (t) => {
  const made = fakeAudio('suspended');
  const chime = createChime('');
  const told: boolean[] = [];
  chime.onLockChange((locked) => told.push(locked));
  t.ok(chime.locked());
  made[0]?.browserSets('running');
  t.same(told, [false], 'started by the browser: the hint goes');
  made[0]?.browserSets('suspended');
  t.same(told, [false, true], 'stopped again: the hint comes back');
  t.equal(document.documentElement.dataset['sound'], 'locked');
  t.equal(made.length, 1, 'one audio context for the page');
});

t.test('?sound=off: no audio, no hint', async (t) => {
  const made = fakeAudio('suspended');
  const chime = createChime('?sound=off');
  t.notOk(chime.enabled);
  t.notOk(chime.locked());
  chime.play();
  t.equal(chimes(), 0);
  t.equal(made.length, 0, 'no audio context is even made');
});
