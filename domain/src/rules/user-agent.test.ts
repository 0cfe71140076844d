import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent';

const AGENTS = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.85 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  samsungTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Safari/537.36',
  chromeIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
} as const;

describe('where a sign-in came from', () => {
  it.each([
    ['chromeWindows', 'Chrome 131', 'Windows computer'],
    ['edge', 'Edge 131', 'Windows computer'],
    ['safariIphone', 'Safari 17', 'iPhone'],
    ['safariMac', 'Safari 18', 'Mac'],
    ['firefoxLinux', 'Firefox 133', 'Linux computer'],
    ['chromeAndroid', 'Chrome 131', 'Android phone'],
    ['samsungTablet', 'Samsung Internet 26', 'Android tablet'],
    ['chromeIpad', 'Chrome 131', 'iPad'],
  ] as const)('reads %s as %s on a %s', (agent, browser, device) => {
    expect(describeUserAgent(AGENTS[agent])).toEqual({ browser, device });
  });

  it('says nothing it cannot read (a script, an empty header)', () => {
    expect(describeUserAgent('')).toEqual({ browser: '', device: '' });
    expect(describeUserAgent('curl/8.5.0')).toEqual({ browser: '', device: '' });
  });
});
