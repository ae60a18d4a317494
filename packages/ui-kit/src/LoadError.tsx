// What a screen shows when something it needs could not be loaded: the sentence saying so, why, and
// a Retry, in an error alert. Every screen says it with this one component: the remotes' lists and
// dashboard, and the shell in place of a section whose remote failed ('<Section> is unavailable').
// (The shell's boot error is plain HTML of its own: it is drawn before antd and this kit are loaded.)
import type { CSSProperties } from 'react';
import { Alert, Button } from 'antd';

export interface LoadErrorProps {
  /** The sentence, as docs/screens.md words it ('Error loading users: {message}', 'Orders is unavailable'). */
  title: string;
  /** Why, under the sentence (the server's message), when the sentence does not say it. */
  description?: string;
  onRetry(): void;
  /** A retry is in flight: the button shows it. */
  retrying?: boolean;
  style?: CSSProperties;
}

export function LoadError({ onRetry, retrying, ...alert }: LoadErrorProps) {
  return (
    <Alert
      type="error"
      showIcon
      {...alert}
      action={
        <Button size="small" onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      }
    />
  );
}
