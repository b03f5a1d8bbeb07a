import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import t from 'tap';
import { ManualClock } from '../../src/core/clock.js';
import { signToken } from '../../src/core/auth/token-signer.js';
import { TokenService } from '../../src/core/auth/tokens.js';

// The tokens signed without jose (the CLI's local token, and every token the server issues) are what jose verifies.

const secret = randomBytes(32);
const clock = new ManualClock('2026-11-21T18:00:00.000Z');
const input = { subject: 'token:cli', userId: null, name: 'cli', role: 'admin' as const, ttlSeconds: 300 };

t.test('a token signed with node:crypto verifies with jose, with every claim', async (t) => {
  const issued = signToken(secret, clock.now().getTime(), { ...input, userId: 'u1', credentialsVersion: 3 });
  const claims = await new TokenService(secret, clock).verify(issued.token);
  t.same(claims, {
    subject: 'token:cli',
    userId: 'u1',
    name: 'cli',
    role: 'admin',
    jti: issued.jti,
    expiresAt: new Date('2026-11-21T18:05:00.000Z'),
    credentialsVersion: 3,
  });
  t.same(issued.expiresAt, new Date('2026-11-21T18:05:00.000Z'));
});

t.test('the same claims as jose signs them, and the same refusals', async (t) => {
  const ours = signToken(secret, clock.now().getTime(), input);
  const decode = (token: string, part: number) =>
    JSON.parse(Buffer.from(token.split('.')[part]!, 'base64url').toString('utf8'));
  const now = Math.floor(clock.now().getTime() / 1000);
  const theirs = await new SignJWT({ role: 'admin', name: 'cli', uid: null })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('pos')
    .setSubject('token:cli')
    .setJti(ours.jti)
    .setIssuedAt(now)
    .setExpirationTime(now + 300)
    .sign(secret);
  t.same(decode(ours.token, 0), decode(theirs, 0), 'header');
  t.same(decode(ours.token, 1), decode(theirs, 1), 'claims');
  t.equal(await new TokenService(randomBytes(32), clock).verify(ours.token), null, 'another secret');
  const later = new ManualClock('2026-11-21T18:06:00.000Z');
  t.equal(await new TokenService(secret, later).verify(ours.token), null, 'expired');
});
