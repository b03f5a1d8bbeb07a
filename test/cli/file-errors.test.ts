import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { userMessage } from '../../src/cli/errors.js';
import { tempDir } from '../helpers/app.js';

// A path the user gave that cannot be written (a folder that is not there, a file where a folder should be) is said
// with the path, in words, as a refusal: not a stack trace and "this is a bug".

t.test('what the system says of a path is said in words, with the path', async (t) => {
  const dir = tempDir(t);
  const refusal = (write: () => void) => {
    try {
      write();
    } catch (error) {
      return userMessage(error);
    }
    throw new Error('the write did not fail');
  };
  const missing = join(dir, 'no-such-folder', 'menu.csv');
  t.equal(
    refusal(() => writeFileSync(missing, 'x')),
    `${missing}: no such file or folder (ENOENT)`,
  );
  const file = join(dir, 'menu.csv');
  writeFileSync(file, 'x');
  t.equal(
    refusal(() => writeFileSync(join(file, 'inside.csv'), 'x')),
    `${join(file, 'inside.csv')}: a part of the path is a file, not a folder (ENOTDIR)`,
  );
  t.equal(
    refusal(() => mkdirSync(file)),
    `${file}: already exists (EEXIST)`,
  );
  t.equal(
    refusal(() => writeFileSync(dir, 'x')),
    `${dir}: is a folder, not a file (EISDIR)`,
  );
  t.equal(userMessage(new Error('a bug')), null, 'anything else is still a bug');
});
