import {
  normaliseRichTextHtml,
  RICH_TEXT_CASES,
  RICH_TEXT_HOSTILE_INPUTS,
  richTextPolicyViolations,
} from '@portal/domain/testing';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize-html';

describe('sanitizeRichText', () => {
  describe('agrees with the shared rich-text table', () => {
    it.each(RICH_TEXT_CASES)('$name', ({ input, output }) => {
      const sanitised = sanitizeRichText(input);
      expect(normaliseRichTextHtml(sanitised)).toBe(output);
      expect(richTextPolicyViolations(sanitised)).toEqual([]);
    });
  });

  it.each(RICH_TEXT_HOSTILE_INPUTS)('leaves nothing outside the policy in %s', (input) => {
    expect(richTextPolicyViolations(sanitizeRichText(input))).toEqual([]);
  });

  it('keeps the formatting the editor produces', () => {
    const html =
      '<p>Call <a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/rates">rates</a>, <strong>visit</strong> &amp; <em>see</em>.</p><ul><li><p>One</p></li></ul>';
    expect(sanitizeRichText(html)).toBe(
      '<p>Call <a target="_blank" href="https://example.com/rates" rel="noopener noreferrer">rates</a>, <strong>visit</strong> &amp; <em>see</em>.</p><ul><li><p>One</p></li></ul>',
    );
  });

  it('drops a script hidden in a namespaced tag', () => {
    expect(sanitizeRichText('<p>a<s:script>alert(1)</s:script></p>')).toBe('<p>aalert(1)</p>');
  });

  it('drops javascript: hrefs written with character references', () => {
    expect(sanitizeRichText('<a href="&#106;avascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href="&#x6A;avascript&#x3A;alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href="&#0000106avascript:alert(1)">x</a>')).toBe('<a>x</a>');
  });

  it('drops data: images', () => {
    expect(sanitizeRichText('<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="x">')).toBe(
      '<img alt="x" />',
    );
  });

  it('is idempotent', () => {
    const once = sanitizeRichText(
      '<p title="a">A &copy; "b" <a href="/x?a=1&b=2" target="_blank">l</a></p><table><tbody><tr><td>1</td></tr></tbody></table><br>',
    );
    expect(sanitizeRichText(once)).toBe(once);
  });
});
