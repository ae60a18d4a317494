// "Chrome 131 on Windows" from a User-Agent header: enough for an administrator to recognise their
// own sessions. The order of the checks matters: Edge and Opera say Chrome too, Chrome says Safari.
const BROWSERS: Array<[name: string, re: RegExp]> = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\bOPR\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:Chrome|CriOS|HeadlessChrome)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[.\d]* (?:Mobile\/\w+ )?Safari\//],
];
const SYSTEMS: Array<[name: string, re: RegExp]> = [
  ['Android', /\bAndroid\b/],
  ['iOS', /\b(?:iPhone|iPad|iPod)\b/],
  ['Windows', /\bWindows\b/],
  ['macOS', /\bMac OS X\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['Linux', /\bLinux\b/],
];

export const UNKNOWN_BROWSER = 'Unknown browser';

export function describeBrowser(userAgent: string): string {
  const browser = BROWSERS.map(([name, re]) => [name, re.exec(userAgent)?.[1]] as const).find(([, version]) => version);
  const system = SYSTEMS.find(([, re]) => re.test(userAgent))?.[0];
  if (!browser) return system ? `${UNKNOWN_BROWSER} on ${system}` : UNKNOWN_BROWSER;
  return `${browser[0]} ${browser[1]}${system ? ` on ${system}` : ''}`;
}
