// Catches what a remote section throws while rendering, so only that section falls back.
import { Component, type ReactNode } from 'react';
import { describeLoadError } from '../sections/remoteLoader';
import { LoadError } from '@growth-admin/ui-kit/core';

interface Props {
  label: string;
  onRetry: () => void;
  /** Told of each crash (the shell reports it to the release registry). */
  onError?: (error: unknown) => void;
  children: ReactNode;
}

export class SectionErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    console.error(`[shell] the ${this.props.label} section failed while rendering`, error);
    this.props.onError?.(error);
  }

  override render() {
    if (this.state.error) {
      return <LoadError title={`${this.props.label} is unavailable`} description={describeLoadError(this.state.error)} onRetry={this.props.onRetry} />;
    }
    return this.props.children;
  }
}
