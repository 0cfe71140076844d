/**
 * What the login history says about where a sign-in came from: the browser and its major version,
 * and the kind of device with its system, read from the User-Agent header the server keeps with
 * each attempt. Deliberately coarse (no build numbers, no model names): enough for a borrower to
 * recognise "that was me, on my phone" or not, and nothing a fingerprint is made of. The names
 * are products' own (Chrome, iPhone); '' when the header does not say, which screens show as
 * their "unknown" text.
 */
export interface SignInAgent {
  browser: string;
  device: string;
}

/** In order: the first match wins (Edge and Opera also say Chrome; Chrome also says Safari). */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/\b(?:CriOS|HeadlessChrome|Chrome)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const DEVICES: readonly [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b.*\bMobile\b/, 'Android phone'],
  [/\bAndroid\b/, 'Android tablet'],
  [/\bCrOS\b/, 'Chromebook'],
  [/\bWindows NT\b/, 'Windows computer'],
  [/\bMacintosh\b/, 'Mac'],
  [/\bLinux\b/, 'Linux computer'],
];

export function describeUserAgent(userAgent: string): SignInAgent {
  let browser = '';
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(userAgent);
    if (match) {
      browser = `${name} ${match[1] ?? ''}`.trim();
      break;
    }
  }
  const device = DEVICES.find(([pattern]) => pattern.test(userAgent))?.[1] ?? '';
  return { browser, device };
}
