import { describe, expect, it } from 'vitest';
import { isSafeLinkValue, safeLinkUrl } from './external-link';

describe('addresses from settings', () => {
  it('keeps absolute http(s) addresses', () => {
    expect(safeLinkUrl(' https://sso.harbor.example/login ')).toBe(
      'https://sso.harbor.example/login',
    );
  });

  it('resolves a path on this server against the portal origin', () => {
    expect(safeLinkUrl('/demo/idp')).toBe(`${window.location.origin}/demo/idp`);
  });

  it('refuses scripts, data, protocol-relative addresses and empty values', () => {
    expect(safeLinkUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeLinkUrl('data:text/html,hi')).toBeUndefined();
    expect(safeLinkUrl('//evil.example/x')).toBeUndefined();
    expect(safeLinkUrl('/\\evil.example')).toBeUndefined();
    expect(safeLinkUrl('')).toBeUndefined();
  });

  it('says whether a value gives an address the same way, without the page origin (the server render)', () => {
    const values = [
      ' https://sso.harbor.example/login ',
      '/demo/idp',
      'javascript:alert(1)',
      'data:text/html,hi',
      '//evil.example/x',
      '/\\evil.example',
      '',
      'not an address',
    ];
    expect(values.map(isSafeLinkValue)).toEqual(
      values.map((value) => safeLinkUrl(value) !== undefined),
    );
    expect(values.filter(isSafeLinkValue)).toEqual([
      ' https://sso.harbor.example/login ',
      '/demo/idp',
    ]);
  });
});
