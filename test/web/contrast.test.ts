import fc from 'fast-check';
import t from 'tap';
import { contrastRatio, relativeLuminance, textOn } from '../../src/web/shared/contrast.js';

// The TV's banner text by contrast (white on orange was 2.4:1, unreadable from the back of the tent).

t.test('known values of the WCAG formula', async (t) => {
  t.equal(relativeLuminance('#000'), 0);
  t.equal(relativeLuminance('ffffff'), 1);
  t.equal(Math.round(contrastRatio('#000000', '#ffffff') * 100) / 100, 21);
  t.equal(Math.round(contrastRatio('#777777', '#ffffff') * 100) / 100, 4.48, 'the classic grey that just fails AA');
  t.equal(contrastRatio('#123456', '#abcdef'), contrastRatio('#abcdef', '#123456'), 'symmetric');
});

t.test('a light, an orange and a dark banner', async (t) => {
  const light = textOn('ffd23f'); // the sagra's yellow
  t.same([light.color, light.background], ['#000000', 'light'], 'dark text on yellow');
  t.ok(light.ratio >= 4.5, `yellow: ${light.ratio.toFixed(2)}:1`);

  const orange = textOn('#f39c12');
  t.ok(contrastRatio('#f39c12', '#ffffff') < 4.5, 'white on this orange fails (the bug)');
  t.same([orange.color, orange.background], ['#000000', 'light'], 'so black text on orange');
  t.ok(orange.ratio >= 4.5, `orange: ${orange.ratio.toFixed(2)}:1`);

  const dark = textOn('1f3a5f');
  t.same([dark.color, dark.background], ['#ffffff', 'dark'], 'white text on dark blue');
  t.ok(dark.ratio >= 4.5, `dark blue: ${dark.ratio.toFixed(2)}:1`);
});

t.test('every background colour gets text of at least 4.5:1', async (t) => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 0xffffff }), (rgb) => {
      const hex = rgb.toString(16).padStart(6, '0');
      const choice = textOn(hex);
      return choice.ratio >= 4.5 && Math.abs(choice.ratio - contrastRatio(hex, choice.color)) < 1e-9;
    }),
    { numRuns: 5000 },
  );
  t.pass();
  t.equal(textOn('not a colour').color, '#ffffff', 'a broken colour is drawn dark with white text');
});
