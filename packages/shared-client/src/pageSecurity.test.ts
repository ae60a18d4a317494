// The page-security module in jsdom: the nonce it reads and puts on our <style> elements, the
// Trusted Types default policy it installs (with a stand-in factory: jsdom has none), and the
// script-origin rule. The browser's enforcement itself is proven in e2e/tests/security.spec.ts.
type PageSecurity = typeof import('./pageSecurity');

type Rules = Record<'createHTML' | 'createScriptURL' | 'createScript', (input: string) => string | null>;

/** A fresh copy of the module (it installs once per page) with the document's head as given. */
function load(head: string, trustedTypes?: { createPolicy: jest.Mock }): PageSecurity {
  document.head.innerHTML = head;
  (window as unknown as { trustedTypes?: unknown }).trustedTypes = trustedTypes;
  let mod!: PageSecurity;
  jest.isolateModules(() => {
    mod = jest.requireActual('./pageSecurity');
  });
  return mod;
}

const createElement = Document.prototype.createElement;
afterEach(() => {
  Document.prototype.createElement = createElement;
  delete (window as unknown as { trustedTypes?: unknown }).trustedTypes;
});

test('reads the nonce the server put into the page; an unreplaced placeholder or none is no nonce', () => {
  expect(load('<meta property="csp-nonce" nonce="abcDEF0123456789==">').cspNonce()).toBe('abcDEF0123456789==');
  expect(load('<meta property="csp-nonce" nonce="__CSP_NONCE__">').cspNonce()).toBe('');
  expect(load('').cspNonce()).toBe('');
});

test('every <style> our code creates carries the nonce; other elements do not', () => {
  const mod = load('<meta property="csp-nonce" nonce="abcDEF0123456789==">');
  mod.installPageSecurity();
  expect(document.createElement('style').nonce).toBe('abcDEF0123456789==');
  expect(document.createElement('div').nonce).toBe('');
});

test('without a nonce nothing is patched', () => {
  load('').installPageSecurity();
  expect(Document.prototype.createElement).toBe(createElement);
});

describe('the Trusted Types default policy', () => {
  function installed(): { rules: Rules; mod: PageSecurity } {
    const factory = { createPolicy: jest.fn() };
    const mod = load('', factory);
    mod.installPageSecurity();
    expect(factory.createPolicy).toHaveBeenCalledTimes(1);
    expect(factory.createPolicy.mock.calls[0][0]).toBe('default');
    return { rules: factory.createPolicy.mock.calls[0][1] as Rules, mod };
  }

  test('HTML sinks take text without markup only', () => {
    const { rules } = installed();
    expect(rules.createHTML('plain text & more')).toBe('plain text & more');
    expect(rules.createHTML('.a > .b { color: red }')).toBe('.a > .b { color: red }'); // CSS for <style>
    expect(rules.createHTML('<img src=x onerror=alert(1)>')).toBeNull();
    expect(rules.createHTML('text <b>bold</b>')).toBeNull();
  });

  test('script URLs from this page and the registered remotes only; never a string as script', () => {
    const { rules, mod } = installed();
    expect(rules.createScriptURL(`${window.location.origin}/main.js`)).toBe(`${window.location.origin}/main.js`);
    expect(rules.createScriptURL('/chunk.js')).toBe('/chunk.js');
    expect(rules.createScriptURL('https://cdn.example.com/orders/remoteEntry.js')).toBeNull();
    mod.allowScriptOrigins(['https://cdn.example.com/orders/1.2.0/mf-manifest.json']);
    expect(rules.createScriptURL('https://cdn.example.com/orders/remoteEntry.js')).toBe('https://cdn.example.com/orders/remoteEntry.js');
    expect(rules.createScriptURL('https://cdn.example.com.evil.example/x.js')).toBeNull();
    expect(rules.createScriptURL('javascript:alert(1)')).toBeNull();
    expect(rules.createScript('alert(1)')).toBeNull();
  });

  test('is installed once, and not where a default policy exists already', () => {
    const factory = { createPolicy: jest.fn(), defaultPolicy: {} };
    load('', factory as unknown as { createPolicy: jest.Mock }).installPageSecurity();
    expect(factory.createPolicy).not.toHaveBeenCalled();
  });
});
