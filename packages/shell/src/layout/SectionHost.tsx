// Loads a remote section's module when it is first opened and renders it; a failed load or a
// render error shows '<Section> is unavailable' with the reason and a Retry (the UI kit's LoadError).
import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { Spin } from 'antd';
import { LoadError } from '@growth-admin/ui-kit/core';
import type { SectionProps } from '@growth-admin/shared-client';
import type { Section } from '../sections/routes';
import { describeLoadError } from '../sections/remoteLoader';
import { shellRuntime } from '../sections/shellRuntime';
import { reportRemoteFailure } from '../sections/failureReports';
import { SectionErrorBoundary } from './SectionErrorBoundary';
import { pageVitals } from '../vitals/page';
import { RemoteView, useRemoteView } from '../vitals/useRemoteView';

/** The outcome of load attempt `attempt`; an older attempt's outcome means "loading". */
type LoadState =
  | { attempt: number; status: 'ready'; Component: ComponentType<SectionProps> }
  | { attempt: number; status: 'failed'; reason: string };

function SectionSpinner() {
  return (
    <div className="ga-section-loading" data-testid="section-loading">
      <Spin size="large" delay={150} />
    </div>
  );
}

export function SectionHost({ section, props, onSettled }: { section: Section; props: SectionProps; onSettled?: () => void }) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState | null>(null);
  const { remote, module, label } = section;

  useEffect(() => {
    let live = true;
    const loader = shellRuntime();
    // The outcome and onSettled in one update: the layout's effects see the section's own queries started.
    (loader ? loader.load(remote, module) : Promise.reject(new Error('no composition was started'))).then(
      (Component) => {
        if (!live) return;
        setState({ attempt, status: 'ready', Component });
        onSettled?.();
      },
      (err: unknown) => {
        console.error(`[shell] the ${label} section could not be loaded`, err);
        reportRemoteFailure(remote, 'load', err);
        if (!live) return;
        setState({ attempt, status: 'failed', reason: describeLoadError(err) });
        onSettled?.();
      },
    );
    return () => {
      live = false;
    };
  }, [remote, module, label, attempt, onSettled]);

  const retry = () => setAttempt((n) => n + 1);
  const ready = state?.attempt === attempt && state.status === 'ready';
  const view = useRemoteView(remote, 'section', section.path, ready);
  const onCrash = (error: unknown) => {
    pageVitals().error(remote);
    reportRemoteFailure(remote, 'render', error);
  };

  if (!state || state.attempt !== attempt) return <SectionSpinner />;
  if (state.status === 'failed') return <LoadError title={`${section.label} is unavailable`} description={state.reason} onRetry={retry} />;
  const { Component } = state;
  return (
    <SectionErrorBoundary key={attempt} label={section.label} onRetry={retry} onError={onCrash}>
      <RemoteView wrapper={view}>
        <Suspense fallback={<SectionSpinner />}>
          <Component {...props} />
        </Suspense>
      </RemoteView>
    </SectionErrorBoundary>
  );
}
