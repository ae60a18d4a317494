// Mutation testing of the signed client (`npm run mutation` at the root, or
// `pnpm --filter @growth-admin/shared-client mutation`): a program that prints a score per file, not a test.
import { strykerConfig } from '../../stryker.base.mjs';

export default strykerConfig({
  environment: 'jsdom',
  // Every request goes through these: signing, the token, the envelope, errors, idempotency keys.
  mutate: ['src/http.ts', 'src/signature.ts', 'src/tokenStore.ts', 'src/idempotency.ts', 'src/typedCall.ts', 'src/api.ts', 'src/config.ts'],
  // core.test.ts reads the import graph from disk in a node environment, which reports no
  // coverage to Stryker, and runs none of the mutated code.
  ignore: ['src/core.test.ts'],
  timeoutMS: 20_000,
});
