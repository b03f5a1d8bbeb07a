import QRCode from 'qrcode';
import t, { type Test } from 'tap';
import { qrCode } from '../../src/web/menu/qr-code.js';

// The menu page's own QR encoder against the `qrcode` package: the same text in the same mode at level M must give
// the same symbol, module for module (version, data, error correction, mask and all), from version 1 to 40.

function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function sameAsLibrary(t: Test, text: string, mode: 'alphanumeric' | 'byte') {
  const segment =
    mode === 'byte'
      ? { data: new TextEncoder().encode(text), mode: 'byte' as const }
      : { data: text, mode: 'alphanumeric' as const };
  const theirs = QRCode.create([segment], { errorCorrectionLevel: 'M' });
  const ours = qrCode(text);
  if (ours.size !== theirs.modules.size) {
    t.fail(`${text.length} characters: ${ours.size} modules a side, not ${theirs.modules.size}`);
    return 0;
  }
  const differ: string[] = [];
  for (let row = 0; row < ours.size && differ.length < 3; row++) {
    for (let column = 0; column < ours.size; column++) {
      if (ours.get(row, column) !== theirs.modules.get(row, column)) differ.push(`${row},${column}`);
    }
  }
  t.same(differ, [], `${mode}, ${text.length} characters: version ${theirs.version}, mask ${theirs.maskPattern}`);
  return theirs.version;
}

t.test('cart codes: the alphanumeric mode, every version from 1 to 40', async (t) => {
  const random = seeded(7);
  const set = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ:*+/';
  const versions = new Set<number>();
  for (let length = 1; length <= 3391; length += Math.min(40, Math.max(1, Math.round(length * 0.06)))) {
    const text = `POS1:${Array.from({ length }, () => set[Math.floor(random() * set.length)]).join('')}`.slice(
      0,
      length,
    );
    versions.add(sameAsLibrary(t, text, 'alphanumeric'));
  }
  t.equal(versions.size, 40, 'every version was drawn');
});

t.test('a text with other characters: UTF-8 bytes', async (t) => {
  for (const text of ['pos1:a', 'Sagra del Fungo – menù €', 'x'.repeat(300), 'è'.repeat(700)]) {
    sameAsLibrary(t, text, 'byte');
  }
});

t.test('a text too long for any QR code is refused', async (t) => {
  t.throws(() => qrCode('A'.repeat(3392)), /too long/);
});
