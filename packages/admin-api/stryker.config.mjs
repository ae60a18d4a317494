// Mutation testing of the security and money paths (`npm run mutation` at the root, or
// `pnpm --filter @growth-admin/admin-api mutation`): a program that prints a score per file, not a test.
import { strykerConfig } from '../../stryker.base.mjs';

export default strykerConfig({
  environment: 'node',
  mutate: [
    'src/security.ts',
    'src/http/guard.ts',
    'src/http/durations.ts',
    'src/controlPlane/deployTokenGuard.ts',
    'src/modules/auth/{repository,signIn,throttle}.ts',
    'src/modules/persons/money.ts',
    'src/modules/orders/refund.ts',
    'src/modules/idempotency/repository.ts',
  ],
  // Only the suites that exercise these modules; each starts its server once per file.
  // (stepUp: the password asked again before money moves; sessions: idle and absolute expiry, ending
  // sessions; releaseCommands and releases: the deploy tokens the control plane's guard accepts, on
  // its deploy-token routes only, and the back-office's guard refuses.)
  testMatch: [
    '**/test/passwords.test.ts',
    '**/test/auth.test.ts',
    '**/test/authRules.test.ts',
    '**/test/roles.test.ts',
    '**/test/money.test.ts',
    '**/test/stepUp.test.ts',
    '**/test/sessions.test.ts',
    '**/test/releaseCommands.test.ts',
    '**/test/releases.test.ts',
  ],
  // PGlite loads its WASM by import(); --liftoff-only as in scripts/test.cjs (each test server opens
  // PGlite afresh, and the optimizing compiler's background recompiles were wasted on it).
  nodeArgs: ['--liftoff-only', '--experimental-vm-modules', '--no-warnings=ExperimentalWarning'],
  timeoutMS: 30_000,
});
