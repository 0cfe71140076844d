import { describe, expect, it } from 'vitest';
import { hostList, INSTITUTION_SLUG, isHostName, slugFromName } from './institution-identity';

describe('institution identity', () => {
  it('accepts slugs of 2 to 40 lower-case letters, digits and hyphens starting with a letter', () => {
    expect(INSTITUTION_SLUG.test('cedar')).toBe(true);
    expect(INSTITUTION_SLUG.test('cedar-cu-2')).toBe(true);
    expect(INSTITUTION_SLUG.test('c')).toBe(false);
    expect(INSTITUTION_SLUG.test('2cedar')).toBe(false);
    expect(INSTITUTION_SLUG.test('Cedar')).toBe(false);
    expect(INSTITUTION_SLUG.test(`a${'b'.repeat(39)}`)).toBe(true);
    expect(INSTITUTION_SLUG.test(`a${'b'.repeat(40)}`)).toBe(false);
  });

  it('accepts host names and refuses schemes, ports, paths and bad labels', () => {
    expect(isHostName('cedar.localhost')).toBe(true);
    expect(isHostName('portal.cedar-cu.example.com')).toBe(true);
    for (const bad of [
      'https://cedar.example',
      'cedar.example:8080',
      'cedar.example/path',
      '-cedar.example',
      'cedar-.example',
      'cedar..example',
      'Cedar.Example',
      `${'a'.repeat(64)}.example`,
      '',
    ]) {
      expect(isHostName(bad), bad).toBe(false);
    }
  });

  it('reads a typed list of hosts, lower-cased, each once', () => {
    expect(hostList(' cedar.localhost, Cedar.Example.com\ncedar.localhost ')).toEqual([
      'cedar.localhost',
      'cedar.example.com',
    ]);
    expect(hostList(' , ')).toEqual([]);
  });

  it('suggests a slug from the name', () => {
    expect(slugFromName('Cedar Credit Union')).toBe('cedar-credit-union');
    expect(slugFromName('1st Bank & Trust!')).toBe('st-bank-trust');
    expect(INSTITUTION_SLUG.test(slugFromName(`The ${'Long '.repeat(20)}Bank`))).toBe(true);
  });
});
