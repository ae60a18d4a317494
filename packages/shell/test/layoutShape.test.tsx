// index.html shows the layout's shape for a stored session before any script file has arrived (a
// slow network's first paint): its template must be what LayoutSkeleton renders (the boot code then
// renders the same thing over it), and its inline script must read the stores shared-client writes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { APPEARANCE_STORAGE_KEY, SESSION_STORAGE_KEY } from '@growth-admin/shared-client';
import { LayoutSkeleton } from '../src/boot/LayoutSkeleton';

const page = readFileSync(join(__dirname, '../public/index.html'), 'utf8');
const template = /<template id="ga-layout-shape">([\s\S]*?)<\/template>/.exec(page)?.[1];
const script = /<template id="ga-layout-shape">[\s\S]*?<script nonce="__CSP_NONCE__">([\s\S]*?)<\/script>/.exec(page)?.[1];
const SPINNER = '<div class="ga-fullscreen" role="status"><span class="ga-spinner ga-spinner-lg"></span></div>';

/** The page's body as the browser parses it, then its inline script run. */
function loadPage() {
  document.body.innerHTML = page.slice(page.indexOf('<body>') + '<body>'.length, page.indexOf('</body>'));
  // (jsdom does not run scripts set through innerHTML; the page's own text, run as the browser would)
  window.eval(script!);
  return document.getElementById('root')!;
}

beforeEach(() => window.localStorage.clear());

test("the page's template is exactly the layout skeleton React renders", () => {
  window.localStorage.clear(); // light: the default appearance
  expect(template).toBe(renderToStaticMarkup(<LayoutSkeleton />));
});

test('the inline script reads the keys shared-client stores the session and the appearance under', () => {
  expect(script).toContain(`'${SESSION_STORAGE_KEY}'`);
  expect(script).toContain(`'${APPEARANCE_STORAGE_KEY}'`);
});

test('with a stored session the layout shape shows at once, in the remembered dark theme', () => {
  window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 't', username: 'ada' }));
  window.localStorage.setItem(APPEARANCE_STORAGE_KEY, JSON.stringify({ dark: true, compact: false }));
  const root = loadPage();
  expect(root.querySelector('[data-testid="layout-skeleton"]')).toHaveAttribute('data-theme', 'dark');
  expect(root.querySelector('.ga-spinner')).toBeNull();
  expect(document.getElementById('ga-layout-shape')).toBeNull(); // the template has left the page
});

test('without a session, or with an unreadable one, the spinner stays (the login screen is the boot code’s)', () => {
  expect(loadPage().innerHTML).toBe(SPINNER);
  window.localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
  expect(loadPage().innerHTML).toBe(SPINNER);
  window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: '' }));
  expect(loadPage().innerHTML).toBe(SPINNER);
});
