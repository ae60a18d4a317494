// What a page of ours does before any other code runs (the shell's entry and each remote's
// standalone entry call installPageSecurity first). It is a subpath module
// (`@growth-admin/shared-client/page-security`), bundled into each entry rather than shared through
// the federation scope, because it must run before the share scope exists; it imports nothing.
//
// - Framing: the page refuses to render inside a frame, also where a host forgot frame-ancestors.
// - The CSP nonce: the server puts a fresh one into `<meta property="csp-nonce">`; every <style>
//   element our code (antd's CSS-in-JS, rc-component's scroll locker, ...) creates carries it, so
//   style-src needs no 'unsafe-inline'. Markup the parser builds never gets it.
// - Trusted Types (CSP `require-trusted-types-for 'script'`): one `default` policy. HTML sinks take
//   text without markup only (a '<' is refused), script URLs only from this page's origin and the
//   origins registered with allowScriptOrigins, and no string ever becomes script.

/** The nonce the server gave this response ('' when none: no CSP, or a test). */
export function cspNonce(): string {
  if (typeof document === 'undefined') return '';
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || '';
  return nonce.startsWith('__') ? '' : nonce; // an unreplaced placeholder: served without a CSP
}

const scriptOrigins = new Set<string>();

/** Lets the page load script from these URLs' origins (the shell: its registered remotes). */
export function allowScriptOrigins(urls: string[]): void {
  for (const url of urls) scriptOrigins.add(new URL(url, document.baseURI).origin);
}

/** Whether a script URL may be loaded: this page's origin or a registered one. */
export function isAllowedScriptUrl(url: string): boolean {
  let origin: string;
  try {
    origin = new URL(url, document.baseURI).origin;
  } catch {
    return false;
  }
  return origin === window.location.origin || scriptOrigins.has(origin);
}

/** Text an HTML sink may take: no '<', so the parser can build no element from it. */
export const isMarkupFree = (html: string): boolean => !html.includes('<');

export class FramedError extends Error {
  constructor() {
    super('Growth Admin cannot be shown inside a frame.');
  }
}

interface TrustedTypePolicyFactoryLike {
  createPolicy(name: string, rules: Record<string, (input: string) => string | null>): unknown;
  defaultPolicy?: unknown;
}

function installTrustedTypesPolicy(): void {
  const factory = (window as unknown as { trustedTypes?: TrustedTypePolicyFactoryLike }).trustedTypes;
  if (!factory?.createPolicy || factory.defaultPolicy) return;
  // null refuses the assignment: the browser throws at the sink and reports the violation.
  factory.createPolicy('default', {
    createHTML: (html) => (isMarkupFree(html) ? html : null),
    createScriptURL: (url) => (isAllowedScriptUrl(url) ? url : null),
    createScript: () => null,
  });
}

function nonceEveryStyleElement(nonce: string): void {
  if (!nonce) return;
  const create = Document.prototype.createElement;
  Document.prototype.createElement = function createElement(this: Document, tagName: string, options?: ElementCreationOptions) {
    const element = create.call(this, tagName, options);
    if (element instanceof HTMLStyleElement) element.nonce = nonce;
    return element;
  } as typeof Document.prototype.createElement;
}

let installed = false;

/** Run first in every page entry. Throws FramedError (after saying so on the page) when framed. */
export function installPageSecurity(): void {
  if (installed) return;
  if (window.top !== window.self) {
    document.body.textContent = new FramedError().message;
    throw new FramedError();
  }
  installed = true;
  installTrustedTypesPolicy();
  nonceEveryStyleElement(cspNonce());
}
