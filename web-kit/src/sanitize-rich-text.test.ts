import {
  normaliseRichTextHtml,
  RICH_TEXT_CASES,
  RICH_TEXT_HOSTILE_INPUTS,
  richTextPolicyViolations,
} from '@portal/domain/testing';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize-rich-text';

describe('sanitizeRichText', () => {
  // The server saves with sanitize-html and the same policy: the two sides agree case by case.
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

  it('removes scripts, event handlers and javascript: links', () => {
    const html = sanitizeRichText(
      '<p onclick="steal()">Hello<script>alert(1)</script><img src="x" onerror="steal()"></p><a href="javascript:steal()">bad</a><style>p{}</style>',
    );
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|<style/i);
    expect(html).toContain('<p>Hello<img src="x"></p>');
  });

  it('keeps the links the editor writes, with the policy’s rel', () => {
    expect(
      sanitizeRichText(
        '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/rates">Rates</a></p>',
      ),
    ).toBe(
      '<p><a target="_blank" href="https://example.com/rates" rel="noopener noreferrer">Rates</a></p>',
    );
  });

  it('is stable when the editor sanitises its own output again', () => {
    const once = sanitizeRichText(
      '<h2>FAQ</h2><p>A &amp; B <a href="/faq" target="_blank">more</a></p><table><tbody><tr><td>1</td></tr></tbody></table>',
    );
    expect(sanitizeRichText(once)).toBe(once);
  });
});
