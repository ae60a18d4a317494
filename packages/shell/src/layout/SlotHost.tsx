// The shell's side of the extension slots (shared-client's slots.ts): a section hosts a slot with
// `props.slots.Slot`; each contribution from the administrator's composition loads once the page's
// first screen is drawn and the browser is idle (never before the host's own content), renders in its own error boundary,
// and on a load failure or a crash shows a small fallback in its place, reported against the
// contributing remote's release (so its canary is judged, not the host's).
import { Component, Fragment, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Alert, Spin } from 'antd';
import type { Composition, SectionProps, SlotEntry, SlotHost, SlotId, SlotPropsMap } from '@growth-admin/shared-client';
import { reportRemoteFailure } from '../sections/failureReports';
import { describeLoadError } from '../sections/remoteLoader';
import { shellRuntime } from '../sections/shellRuntime';
import { whenIdle } from '../sections/whenIdle';
import { pageVitals } from '../vitals/page';
import { RemoteView, useRemoteView } from '../vitals/useRemoteView';

type Context = Pick<SectionProps, 'user' | 'toast'>;

function SlotFallback({ what, reason }: { what: string; reason: string }) {
  return <Alert type="warning" showIcon className="ga-slot-fallback" title={`${what} is unavailable`} description={reason} />;
}

class ContributionBoundary extends Component<{ what: string; remote: string; children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    console.error(`[shell] ${this.props.what} failed while rendering`, error);
    pageVitals().error(this.props.remote);
    reportRemoteFailure(this.props.remote, 'render', error);
  }

  override render() {
    if (this.state.error) return <SlotFallback what={this.props.what} reason={describeLoadError(this.state.error)} />;
    return this.props.children;
  }
}

type LoadState = { status: 'loading' } | { status: 'ready'; Contribution: ComponentType<object> } | { status: 'failed'; reason: string };

function LoadedContribution({ remote, module, what, slot, props, after }: { remote: string; module: string; what: string; slot: string; props: object; after: Promise<void> }) {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const view = useRemoteView(remote, 'slot', slot, state.status === 'ready');
  useEffect(() => {
    let live = true;
    let stop = () => undefined as void;
    const load = () => {
      const loader = shellRuntime();
      (loader ? loader.load(remote, module) : Promise.reject(new Error('no composition was started'))).then(
        (Contribution) => live && setState({ status: 'ready', Contribution }),
        (err: unknown) => {
          console.error(`[shell] ${what} could not be loaded`, err);
          reportRemoteFailure(remote, 'load', err);
          if (live) setState({ status: 'failed', reason: describeLoadError(err) });
        },
      );
    };
    // Never before the host's first screen is drawn (`after`: its section settled, its data in), then
    // when the browser is idle (within a second): a card's files never delay the host's charts.
    void after.then(() => {
      if (live) stop = whenIdle(load, 1000);
    });
    return () => {
      live = false;
      stop();
    };
  }, [remote, module, what, after]);

  if (state.status === 'loading') {
    return (
      <div role="status" aria-label={`Loading ${what}`} className="ga-slot-loading">
        <Spin size="small" />
      </div>
    );
  }
  if (state.status === 'failed') return <SlotFallback what={what} reason={state.reason} />;
  const { Contribution } = state;
  return (
    <ContributionBoundary what={what} remote={remote}>
      <RemoteView wrapper={view}>
        <Contribution {...props} />
      </RemoteView>
    </ContributionBoundary>
  );
}

/**
 * The slot host a section is given: the administrator's contributions to each slot, in order, each
 * loaded once `firstScreen` has settled (the page's first screen drawn) and the browser is idle.
 */
export function createSlotHost(composition: Composition, context: Context, firstScreen: Promise<void>): SlotHost {
  const entriesOf = (id: SlotId) => composition.slots[id] ?? [];
  const keyOf = (c: { remote: string; module: string }) => `${c.remote}/${c.module.replace(/^\.\//, '')}`;
  const asEntry = (c: Composition['slots'][string][number]): SlotEntry => ({ key: keyOf(c), remote: c.remote, ...(c.label ? { label: c.label } : {}) });
  const whatOf = (entry: SlotEntry) => (entry.label ? `${entry.label} (${entry.remote})` : `The ${entry.remote} contribution`);

  function Contribution<S extends SlotId>({ id, entry, props }: { id: S; entry: SlotEntry; props: SlotPropsMap[S] }): ReactNode {
    const found = entriesOf(id).find((c) => keyOf(c) === entry.key);
    if (!found) return null;
    return <LoadedContribution remote={found.remote} module={found.module} what={whatOf(entry)} slot={id} props={{ ...props, ...context }} after={firstScreen} />;
  }

  function Slot<S extends SlotId>({ id, props, wrap }: { id: S; props: SlotPropsMap[S]; wrap?: (child: ReactNode, entry: SlotEntry) => ReactNode }): ReactNode {
    return entriesOf(id).map((c) => {
      const entry = asEntry(c);
      const child = <Contribution key={entry.key} id={id} entry={entry} props={props} />;
      return wrap ? <Fragment key={entry.key}>{wrap(child, entry)}</Fragment> : child;
    });
  }

  return { Slot, Contribution, entries: (id) => entriesOf(id).map(asEntry) };
}
