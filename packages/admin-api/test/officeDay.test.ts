// A short office day (bench/officeDay.ts; the bench runs 10 minutes): administrators with their own
// accounts behind one address, an attacker among them guessing one colleague's password. No
// colleague is refused, nothing fails, every acknowledged money change is applied exactly once, and
// the attacker is throttled as docs/security-sign-in.md says.
import { describeDay, officeDay } from '../bench/officeDay';
import { ADMIN, SIGNING_KEY, startTestServer, type TestServer } from './helpers';

let t: TestServer;
beforeAll(async () => {
  // A short step-up window, so the short day asks for passwords again as a long one does.
  // A loaded test machine is slow rather than refused: the load shedding (503 after a 5 s wait) is
  // the fault suite's subject, not this one's.
  t = await startTestServer({ stepUpWindowMs: 5_000, dbQueueTimeoutMs: 60_000 });
});
afterAll(() => t?.close());

test('20 colleagues at one address for 12 s: no false 429, no 5xx, money exactly once, the attacker throttled', async () => {
  const r = await officeDay({
    baseUrl: t.url,
    signingKey: SIGNING_KEY,
    owner: ADMIN,
    durationMs: 12_000,
    colleagues: 20,
    officeAddress: '127.0.2.20',
    elsewhereAddress: '127.0.2.21',
    thinkMs: [300, 1_500],
    stepUpAmount: 10_000,
    typoRate: 0.1,
    attackerPauseMs: 100,
    attackerMinGuesses: 8,
    signOutRate: 0.1,
  });
  const summary = describeDay(r);
  console.log(summary);
  expect({ falseRefusals: r.falseRefusals, serverErrors: r.serverErrors, unexpected: r.unexpected, summary }).toEqual({ falseRefusals: [], serverErrors: [], unexpected: [], summary });
  expect(r.moneyChanges.balanceMismatches).toEqual([]);
  expect(r.moneyChanges.refundsNotApplied).toEqual([]);
  expect(r.moneyChanges.acknowledged).toBeGreaterThan(0);
  expect(r.stepUps).toBeGreaterThan(0);
  expect(r.signIns).toBeGreaterThan(20);
  // The attacker: five guesses checked per window (15 minutes) at most, every other one refused
  // for that account from that address.
  expect(r.attacker.checked).toBeLessThanOrEqual(5);
  expect(r.attacker.refused).toBe(r.attacker.guesses - r.attacker.checked);
  expect(r.attacker.refused).toBeGreaterThan(0);
  expect(r.attacker.codes).toEqual(['THROTTLED_ACCOUNT_ADDRESS']);
  for (const route of ['login', 'reauthenticate', 'add coins (step-up)', 'refund (step-up)', 'dashboard users', 'orders export (CSV)']) {
    expect(r.routes.find((x) => x.route === route)?.count).toBeGreaterThan(0);
  }
}, 180_000);
