// The banner of a developer's override, which cannot be missed: which remote, from where, that it is
// a development build not integrity-checked, what the gate's rules found in the page, and End override.
import { useEffect, useState } from 'react';
import { Alert, Button } from 'antd';
import { toApiError } from '@growth-admin/shared-client';
import type { RemoteOverride, RuntimeConfig } from '../boot/runtimeConfig';
import { endOverride } from './api';
import { notAdmittedReason, overrideReady, useOverrideCheck, type OverrideCheck } from './check';
import { clearOverrideTicket } from './ticket';

function Findings({ check, override }: { check: OverrideCheck; override: RemoteOverride }) {
  if (check.state === 'not-admitted') return <span>This override cannot load: {notAdmittedReason(override)}.</span>;
  if (check.state === 'checking') return <span>Checking the build against this shell…</span>;
  if (!check.problems.length) return <span>The build passes the release gate’s checks that run in the page (shared versions, shared-client and antd exports, slot contracts).</span>;
  return (
    <>
      <span>The release gate would refuse this build:</span>
      <ul className="ga-override-problems">
        {check.problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </>
  );
}

export function OverrideBanner({ override, config }: { override: RemoteOverride; config: RuntimeConfig }) {
  const check = useOverrideCheck(override.remote);
  const [ending, setEnding] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The check runs whether or not a section of the remote is open (the loader waits for the same one).
  useEffect(() => void overrideReady(override, config).catch(() => undefined), [override, config]);

  const end = async () => {
    setEnding(true);
    setFailure(null);
    try {
      await endOverride(override.remote);
      if ((config.overrides ?? []).every((o) => o.remote === override.remote)) clearOverrideTicket();
      window.location.reload(); // the federation runtime keeps what it loaded: a fresh page gets the release
    } catch (err) {
      setFailure(`The override could not be ended: ${toApiError(err).message}`);
      setEnding(false);
    }
  };

  return (
    <section className="ga-override-banner" aria-label={`${override.remote} development override`}>
      <Alert
        type="warning"
        showIcon
        message={`${override.remote} from ${override.origin} — development override, not integrity-checked`}
        description={
          <>
            <Findings check={check} override={override} />
            {failure && <div role="alert">{failure}</div>}
          </>
        }
        action={
          <Button onClick={end} loading={ending}>
            End override
          </Button>
        }
      />
    </section>
  );
}
