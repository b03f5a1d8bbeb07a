import t from 'tap';
import { multipart } from '../helpers/fuzz.js';
import { openFuzzSession } from '../helpers/fuzz-session.js';
import { PNG_1X1 } from '../helpers/multipart.js';

// The endpoint fuzzer on the banners, their images and the uploads they are served from (test/helpers/fuzz-session.ts
// says how, and what is checked), and an image just past the size limit.

t.test(
  'B2, banners and uploads, fuzzed from their schemas: no 5xx, one error shape, a rejected request changes nothing',
  async (t) => {
    const fuzz = await openFuzzSession(t);
    await fuzz.fuzzFamily('banners');

    // Deterministic edge cases too costly to draw at random: an image just past the 5 MiB limit.
    await fuzz.replenish();
    const bannerId = fuzz.sqlite.prepare('select id from banners limit 1').pluck().get() as string;
    const big = multipart([
      {
        name: 'image',
        filename: 'big.png',
        contentType: 'image/png',
        data: Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]),
      },
    ]);
    const uploadTally = fuzz.tallyOf('PATCH /v1/banners/:id/image');
    const uploadRoute = fuzz.routeOf('PATCH /v1/banners/:id/image');
    const bigStatus = await fuzz.send(uploadTally, uploadRoute, {
      method: 'PATCH',
      url: `/v1/banners/${bannerId}/image`,
      headers: { authorization: `Bearer ${fuzz.adminToken}`, 'content-type': big.contentType },
      payload: big.payload,
      label: `PATCH image of 5 MiB + ${PNG_1X1.length} bytes`,
    });
    t.equal(bigStatus, 413, 'an image past 5 MiB is refused with 413');

    fuzz.report();
  },
);
