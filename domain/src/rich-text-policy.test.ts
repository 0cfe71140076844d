import { describe, expect, it } from 'vitest';
import { richTextPolicyViolations } from './testing/rich-text-policy.cases';
import {
  isRichTextAttributeAllowed,
  isRichTextUrlAllowed,
  RICH_TEXT_ATTRIBUTE_NAMES,
  richTextUrlPattern,
} from './rich-text-policy';

describe('rich-text policy', () => {
  it('allows http, https, mailto, tel and relative link URLs', () => {
    for (const url of [
      'http://example.com',
      'HTTPS://example.com/a?b=c#d',
      'mailto:help@example.com',
      'tel:+18005550142',
      '/faq',
      'faq.html',
      'faq/rates',
      '#rates',
      '?page=2',
      '',
    ]) {
      expect(isRichTextUrlAllowed('a', url), url).toBe(true);
    }
  });

  it('refuses other schemes, hidden schemes and protocol-relative URLs', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'java\u00a0script:alert(1)',
      'vbscript:x',
      'data:text/html,x',
      'ftp://files.example',
      'foo1:bar',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
    ]) {
      expect(isRichTextUrlAllowed('a', url), url).toBe(false);
    }
  });

  it('takes images from https and relative URLs only', () => {
    expect(isRichTextUrlAllowed('IMG', 'https://cdn.example.com/a.png')).toBe(true);
    expect(isRichTextUrlAllowed('img', '/assets/a.png')).toBe(true);
    expect(isRichTextUrlAllowed('img', 'http://cdn.example.com/a.png')).toBe(false);
    expect(isRichTextUrlAllowed('img', 'data:image/png;base64,AAAA')).toBe(false);
  });

  it('builds a URL pattern that passes ordinary attribute values', () => {
    const pattern = richTextUrlPattern();
    for (const value of ['_blank', 'col', '2', '50%', 'note'])
      expect(pattern.test(value)).toBe(true);
    expect(richTextUrlPattern(['https']).test('mailto:x@example.com')).toBe(false);
  });

  it('allows attributes per element, and only the _blank link target', () => {
    expect(isRichTextAttributeAllowed('P', 'CLASS', 'note')).toBe(true);
    expect(isRichTextAttributeAllowed('th', 'scope', 'col')).toBe(true);
    expect(isRichTextAttributeAllowed('td', 'scope', 'col')).toBe(false);
    expect(isRichTextAttributeAllowed('p', 'style', 'color:red')).toBe(false);
    expect(isRichTextAttributeAllowed('p', 'onclick', 'x()')).toBe(false);
    expect(isRichTextAttributeAllowed('a', 'target', '_blank')).toBe(true);
    expect(isRichTextAttributeAllowed('a', 'target', '_top')).toBe(false);
    expect(isRichTextAttributeAllowed('a', 'rel', 'opener')).toBe(false);
    expect(RICH_TEXT_ATTRIBUTE_NAMES).not.toContain('style');
    expect(RICH_TEXT_ATTRIBUTE_NAMES).toContain('colspan');
  });

  it('reports sanitised HTML that breaks the policy', () => {
    expect(
      richTextPolicyViolations(
        '<p><a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a></p><br />',
      ),
    ).toEqual([]);
    expect(richTextPolicyViolations('<script>alert(1)</script>')).toEqual([
      'element <script>',
      'element <script>',
    ]);
    expect(richTextPolicyViolations('<a href="javascript:x" onclick="y">x</a>')).toEqual([
      'href="javascript:x" on <a>',
      'onclick="y" on <a>',
    ]);
    expect(richTextPolicyViolations('<img src="data:image/png;base64,AA">')).toEqual([
      'src="data:image/png;base64,AA" on <img>',
    ]);
    expect(richTextPolicyViolations('<a href="/x" target="_blank">x</a>')).toEqual([
      'target on <a> without rel="noopener noreferrer"',
    ]);
    expect(richTextPolicyViolations('<p>1 < 2</p>')).toEqual(['unescaped markup in text: 1 < 2']);
  });
});
