import t from 'tap';
import { terminalJson, terminalText } from '../../src/client/terminal-text.js';

// What the CLI and the dashboard print passes through terminalText: no escape sequence, control or bidi character
// reaches the terminal, and everything else is kept.

t.test('escape sequences go as a whole; control and bidi characters go; the rest stays', async (t) => {
  const cases: Array<[string, string, string]> = [
    ['\u001b[2J\u001b[HRossi', 'Rossi', 'clear screen and cursor home'],
    ['\u001b[31;1mRossi\u001b[0m', 'Rossi', 'colours'],
    ['\u001b]0;pwned\u0007Rossi', 'Rossi', 'window title (OSC ended by BEL)'],
    ['\u001b]8;;http://evil\u001b\\Rossi\u001b]8;;\u001b\\', 'Rossi', 'a hyperlink (OSC ended by ST)'],
    ['\u009b2JRossi', 'Rossi', 'an 8-bit CSI'],
    ['\u001bPq#0;2;0;0;0\u001b\\Rossi', 'Rossi', 'a DCS (sixel)'],
    ['\u001bcRossi', 'Rossi', 'a full reset'],
    ['Ros\u0008\u0008XXsi', 'RosXXsi', 'backspaces'],
    ['Rossi\r\u001b[KBianchi', 'RossiBianchi', 'carriage return and erase line'],
    ['\u202eissoR\u202c', 'issoR', 'bidi override'],
    ['a\u2066b\u2069c\u0000d\u007fe\u0085f', 'abcdef', 'isolates, NUL, DEL, NEL'],
    ['Rossi\u001b', 'Rossi', 'a lone ESC at the end'],
    ['Müller 😀 دانيال 李雷', 'Müller 😀 دانيال 李雷', 'other scripts and emoji'],
  ];
  for (const [input, output, what] of cases) t.equal(terminalText(input), output, what);
  t.equal(terminalText('a\tb\nc'), 'a b\nc', 'tabs become spaces, lines stay');
  t.equal(terminalText('a\nb', { singleLine: true }), 'a b', 'one line');
});

t.test('JSON keeps the data and escapes what a terminal would act on', async (t) => {
  const value = { customer: '\u001b[2J\u009b31m\u202eRossi\u007f' };
  const json = terminalJson(value, 2);
  t.notMatch(json, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/, 'no control character but line feeds');
  t.same(JSON.parse(json), value, 'and it parses back to the same data');
});
