// Loading the precomputed antd styles before antd's first render (antdStyles.ts).
beforeEach(() => {
  jest.resetModules();
  document.head.innerHTML = '<style id="page"></style>';
});

const load = async (href?: string) => (await import('./antdStyles')).loadAntdStyles(href);

test('adds the stylesheet first in <head> once, and resolves when it has loaded', async () => {
  const { loadAntdStyles } = await import('./antdStyles');
  let done = false;
  const first = loadAntdStyles('/antd-static.abc.css').then(() => (done = true));
  const again = loadAntdStyles('/antd-static.abc.css');
  const links = document.head.querySelectorAll('link[rel="stylesheet"]');
  expect(links).toHaveLength(1);
  expect(document.head.firstElementChild).toBe(links[0]); // before the page's own styles
  expect((links[0] as HTMLLinkElement).getAttribute('href')).toBe('/antd-static.abc.css');
  await Promise.resolve();
  expect(done).toBe(false);
  links[0].dispatchEvent(new Event('load'));
  await first;
  await expect(again).resolves.toBeUndefined();
});

test('a file that fails to load fails the load (the first screen has no other styles), and a retry asks again', async () => {
  const { loadAntdStyles } = await import('./antdStyles');
  const loading = loadAntdStyles('/antd-static.gone.css');
  document.head.querySelector('link')!.dispatchEvent(new Event('error'));
  await expect(loading).rejects.toThrow("antd's styles (/antd-static.gone.css) could not be loaded");
  expect(document.head.querySelector('link')).toBeNull();
  const retry = loadAntdStyles('/antd-static.gone.css');
  const link = document.head.querySelector('link')!;
  expect(link.getAttribute('href')).toBe('/antd-static.gone.css');
  link.dispatchEvent(new Event('load'));
  await expect(retry).resolves.toBeUndefined();
});

test('without a file (development, tests) nothing is added', async () => {
  await expect(load(undefined)).resolves.toBeUndefined();
  await expect(load('')).resolves.toBeUndefined();
  expect(document.head.querySelector('link')).toBeNull();
});
