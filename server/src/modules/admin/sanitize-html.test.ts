import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize-html';

describe('sanitizeRichText', () => {
  it('keeps the formatting the editor produces', () => {
    const html =
      '<p>Call <a href="tel:+18005550142">us</a> or <strong>visit</strong> &amp; <em>see</em>.</p><ul><li>One</li></ul>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('drops scripts, event handlers and javascript: links', () => {
    expect(sanitizeRichText('<p onclick="steal()">Hi<script>alert(1)</script></p>')).toBe(
      '<p>Hi</p>',
    );
    expect(sanitizeRichText('<a href="jav&#x61;script:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href=" java\tscript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<img src=x onerror=alert(1)>text')).toBe('text');
    expect(sanitizeRichText('<svg><script>alert(1)</script></svg>ok')).toBe('ok');
    expect(sanitizeRichText('<iframe src="https://evil.example"></iframe>')).toBe('');
  });

  it('escapes stray markup characters and closes what was left open', () => {
    expect(sanitizeRichText('1 < 2 <b>bold')).toBe('1 &lt; 2 <b>bold</b>');
    expect(sanitizeRichText('<p><b>x</p>')).toBe('<p><b>x</b></p>');
  });

  it('adds rel=noopener to links that open a new window', () => {
    expect(sanitizeRichText('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('is idempotent', () => {
    const once = sanitizeRichText('<p title="a">A &copy; "b" <a href="/x?a=1&b=2">l</a></p>');
    expect(sanitizeRichText(once)).toBe(once);
  });
});
