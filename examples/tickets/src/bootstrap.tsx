// Standalone page of the example remote `tickets` (the shell loads the exposed modules, never this file).
import { Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { StandaloneApp } from '@growth-admin/ui-kit/standalone';
import { sections } from './standalone/sections';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <Suspense fallback={null}>
      <StandaloneApp title="Tickets (standalone)" sections={sections} />
    </Suspense>,
  );
}
