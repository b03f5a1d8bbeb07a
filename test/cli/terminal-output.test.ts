import t from 'tap';
import { formatRecord, formatTable, print, printErr, printJson } from '../../src/cli/output.js';

// Everything the commands print leaves through src/cli/output.ts, which removes escape sequences and control
// characters from what came from the server (a customer named "\u001b[2J" must not clear the admin's screen).

const HOSTILE = '\u001b]0;pwned\u0007Ros\u001b[2Jsi\u009b1A\u202e\r\n';

function captured(stream: NodeJS.WriteStream, work: () => void): string {
  const original = stream.write;
  let out = '';
  stream.write = ((chunk: string) => {
    out += chunk;
    return true;
  }) as typeof stream.write;
  try {
    work();
  } finally {
    stream.write = original;
  }
  return out;
}

const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

t.test('tables, records, lines and errors carry no escape sequence or control character', async (t) => {
  const table = formatTable(
    [{ customer: HOSTILE, table: '7' }],
    [
      { header: 'customer', value: (row) => row.customer },
      { header: 'table', value: (row) => row.table },
    ],
  );
  t.match(table, /^Rossi\s+7$/m, 'the cell keeps its place in the table');
  t.notMatch(table, UNSAFE);
  t.equal(formatRecord([['customer', HOSTILE]]), 'customer  Rossi ');
  const out = captured(process.stdout, () => print(`order of ${HOSTILE}`));
  t.equal(out, 'order of Rossi\n\n');
  const err = captured(process.stderr, () => printErr(`error: Cannot order: ${HOSTILE}`));
  t.notMatch(err.slice(0, -1), UNSAFE);
  const json = captured(process.stdout, () => printJson({ customer: HOSTILE }));
  t.notMatch(json.replace(/\n/g, ''), UNSAFE, 'JSON escapes them');
  t.same(JSON.parse(json), { customer: HOSTILE }, 'and keeps the data for scripts');
});
