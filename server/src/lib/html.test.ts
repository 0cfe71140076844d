import { describe, expect, it } from 'vitest';
import { escapeHtml, linkifyText } from './html';

describe('HTML helpers', () => {
  it('escapes markup and quotes', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;',
    );
  });

  it('links http(s) addresses and escapes everything around and inside them', () => {
    expect(linkifyText('Go to http://a.localhost:3000/#/x?t=1&u=2 now <b>')).toBe(
      'Go to <a href="http://a.localhost:3000/#/x?t=1&amp;u=2">http://a.localhost:3000/#/x?t=1&amp;u=2</a> now &lt;b&gt;',
    );
    expect(linkifyText('javascript:alert(1)')).toBe('javascript:alert(1)');
  });
});
