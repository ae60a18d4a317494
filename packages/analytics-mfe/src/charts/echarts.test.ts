// When the tooltip code is asked for (the chunk itself is echarts', drawn in the journeys).
let mockImports = 0;
let mockFail = true;
jest.mock('./echartsTooltips', () => {
  mockImports++;
  if (mockFail) throw new Error('Loading chunk echarts-tooltips failed');
  return {};
});

beforeEach(() => {
  jest.resetModules();
  mockImports = 0;
});

const load = () => jest.requireActual<typeof import('./echarts')>('./echarts');
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test('asked once however many charts ask; a failed load is asked for again by the next pointer, not by the idle-time preload', async () => {
  mockFail = true;
  const { loadTooltips, preloadTooltips } = load();
  preloadTooltips();
  preloadTooltips();
  loadTooltips();
  await settle();
  expect(mockImports).toBe(1);

  preloadTooltips(); // another chart's idle time
  await settle();
  expect(mockImports).toBe(1);

  mockFail = false;
  loadTooltips(); // the pointer enters a chart
  await settle();
  expect(mockImports).toBe(2);
});

test('tooltipsLoaded settles once the code is in', async () => {
  mockFail = false;
  const { loadTooltips, tooltipsLoaded } = load();
  let loaded = false;
  void tooltipsLoaded.then(() => (loaded = true));
  await settle();
  expect(loaded).toBe(false);
  loadTooltips();
  await settle();
  expect(loaded).toBe(true);
});
