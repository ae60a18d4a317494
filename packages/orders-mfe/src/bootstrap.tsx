// Standalone page of remote `orders`: the sections its remote.json declares, behind a sign-in (the
// shell loads the exposed modules, never this file).
import { createRoot } from 'react-dom/client';
import { StandaloneApp } from '@growth-admin/ui-kit/standalone';
import remote from '../remote.json';

const root = document.getElementById('root');
if (root) createRoot(root).render(<StandaloneApp remote={remote} />);
