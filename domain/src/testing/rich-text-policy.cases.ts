import { isRichTextAttributeAllowed, RICH_TEXT_POLICY } from '../rich-text-policy';

/** One input of the shared rich-text table and what every sanitiser of the policy makes of it. */
export interface RichTextCase {
  readonly name: string;
  readonly input: string;
  /** As a browser serialises it; compare after `normaliseRichTextHtml`. */
  readonly output: string;
}

/**
 * The table both sanitisers run (sanitize-html on the server, DOMPurify in the portal), so that
 * they provably agree on what rich text keeps and drops.
 */
export const RICH_TEXT_CASES: readonly RichTextCase[] = [
  // What the editor and authors write stays as written.
  {
    name: 'keeps paragraphs, emphasis, lists and tel: links',
    input:
      '<p>Call <a href="tel:+18005550142">us</a> or <strong>visit</strong> &amp; <em>see</em>.</p><ul><li>One</li></ul>',
    output:
      '<p>Call <a href="tel:+18005550142">us</a> or <strong>visit</strong> &amp; <em>see</em>.</p><ul><li>One</li></ul>',
  },
  {
    name: 'keeps headings, numbered lists, quotes, code and rules',
    input:
      '<h2>Disclosures</h2><ol start="3"><li>Three</li></ol><blockquote><p>Quoted</p></blockquote><pre><code class="language-text">x = 1</code></pre><hr><p>a<br>b <s>c</s> <u>d</u> <sub>e</sub><sup>f</sup> <small>g</small></p>',
    output:
      '<h2>Disclosures</h2><ol start="3"><li>Three</li></ol><blockquote><p>Quoted</p></blockquote><pre><code class="language-text">x = 1</code></pre><hr><p>a<br>b <s>c</s> <u>d</u> <sub>e</sub><sup>f</sup> <small>g</small></p>',
  },
  {
    name: 'keeps tables with header cells, spans and captions',
    input:
      '<table><caption>Fees</caption><thead><tr><th scope="col">Fee</th><th scope="col">Amount</th></tr></thead><tbody><tr><td>Late payment</td><td>$15</td></tr></tbody><tfoot><tr><td colspan="2" rowspan="1">Per month</td></tr></tfoot></table>',
    output:
      '<table><caption>Fees</caption><thead><tr><th scope="col">Fee</th><th scope="col">Amount</th></tr></thead><tbody><tr><td>Late payment</td><td>$15</td></tr></tbody><tfoot><tr><td colspan="2" rowspan="1">Per month</td></tr></tfoot></table>',
  },
  {
    name: 'drops presentational table attributes',
    input:
      '<table border="1" cellpadding="4" bgcolor="red"><tbody><tr><td width="50" align="left">x</td></tr></tbody></table>',
    output: '<table><tbody><tr><td>x</td></tr></tbody></table>',
  },
  {
    name: 'keeps https and relative images with their text alternative and size',
    input:
      '<p><img src="https://cdn.example.com/logo.png" alt="Logo" width="120" height="40"><img src="/assets/seal.png" alt="Seal"></p>',
    output:
      '<p><img src="https://cdn.example.com/logo.png" alt="Logo" width="120" height="40"><img src="/assets/seal.png" alt="Seal"></p>',
  },
  {
    name: 'keeps http, https, mailto and relative links',
    input:
      '<a href="http://example.com">a</a><a href="https://example.com/?a=1&amp;b=2">b</a><a href="mailto:help@example.com">c</a><a href="/faq">d</a><a href="#rates">e</a><a href="rates.html">f</a><a href="?page=2">g</a>',
    output:
      '<a href="http://example.com">a</a><a href="https://example.com/?a=1&amp;b=2">b</a><a href="mailto:help@example.com">c</a><a href="/faq">d</a><a href="#rates">e</a><a href="rates.html">f</a><a href="?page=2">g</a>',
  },
  {
    name: 'keeps class and title on any element, and escapes text',
    input:
      '<div class="note"><span title="It\'s &quot;new&quot;">1 &lt; 2 &amp; 3 &gt; 2 &copy; "ok"</span></div>',
    output:
      '<div class="note"><span title="It\'s &quot;new&quot;">1 &lt; 2 &amp; 3 &gt; 2 © "ok"</span></div>',
  },
  {
    name: 'escapes stray markup characters',
    input: '1 < 2 and 3 > 2',
    output: '1 &lt; 2 and 3 &gt; 2',
  },
  {
    name: 'closes what was left open',
    input: '<ul><li>one</ul><p><b>x</p>',
    output: '<ul><li>one</li></ul><p><b>x</b></p>',
  },

  // New windows.
  {
    name: 'gives links that open a new window rel="noopener noreferrer", replacing the author’s',
    input: '<a href="https://x.example" target="_blank" rel="opener">x</a>',
    output: '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
  },
  {
    name: 'drops targets other than _blank and rel on other links',
    input:
      '<a href="/a" target="_self">a</a><a href="/b" target="evil">b</a><a href="/c" rel="nofollow">c</a>',
    output: '<a href="/a">a</a><a href="/b">b</a><a href="/c">c</a>',
  },

  // Attacks.
  {
    name: 'drops scripts with their content, and event handlers',
    input:
      '<p onclick="steal()">Hi<script>alert(1)</script></p><a href="/x" onmouseover="steal()">x</a><img src="x" onerror="alert(1)">',
    output: '<p>Hi</p><a href="/x">x</a><img src="x">',
  },
  {
    name: 'drops a namespaced script tag (its text stays as text)',
    input: '<s:script>alert(1)</s:script>',
    output: 'alert(1)',
  },
  {
    name: 'drops javascript: links however they are written',
    input:
      '<a href="javascript:alert(1)">a</a><a href="&#106;avascript:alert(1)">b</a><a href="jav&#x61;script:alert(1)">c</a><a href="java\tscript:alert(1)">d</a><a href=" JaVaScRiPt:alert(1)">e</a><a href="javascript&colon;alert(1)">f</a>',
    output: '<a>a</a><a>b</a><a>c</a><a>d</a><a>e</a><a>f</a>',
  },
  {
    name: 'drops other script-capable and unknown schemes, and protocol-relative links',
    input:
      '<a href="vbscript:msgbox(1)">a</a><a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">b</a><a href="//evil.example">c</a><a href="/\\evil.example">d</a><a href="ftp://files.example">e</a>',
    output: '<a>a</a><a>b</a><a>c</a><a>d</a><a>e</a>',
  },
  {
    name: 'drops styles: elements with their content, and attributes',
    input: '<style>p { color: red }</style><p style="background:url(javascript:alert(1))">x</p>',
    output: '<p>x</p>',
  },
  {
    name: 'drops frames, objects and embeds with their content',
    input:
      '<iframe src="https://evil.example"><b>x</b></iframe><object data="x"><b>y</b></object><embed src="x">ok',
    output: 'ok',
  },
  {
    name: 'drops svg and math with their content',
    input: '<svg onload="alert(1)"><script>alert(1)</script></svg><math><mi>x</mi></math>ok',
    output: 'ok',
  },
  {
    name: 'drops data:, http, javascript: and protocol-relative image sources',
    input:
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="a"><img src="http://x.example/b.png" alt="b"><img src="javascript:alert(1)" alt="c"><img src="//x.example/d.png" alt="d">',
    output: '<img alt="a"><img alt="b"><img alt="c"><img alt="d">',
  },
  {
    name: 'drops forms and their controls, keeping button text',
    input:
      '<form action="https://evil.example"><input name="pin"><textarea>t</textarea><select><option>o</option></select><button>Go</button></form>',
    output: 'Go',
  },
  {
    name: 'drops elements that change the page around the text',
    input:
      '<base href="https://evil.example/"><link rel="stylesheet" href="https://evil.example/x.css"><meta http-equiv="refresh" content="0;url=https://evil.example">ok',
    output: 'ok',
  },
  {
    name: 'drops ids, names, data- and aria- attributes',
    input: '<p id="login" data-x="1" aria-hidden="true">x</p><a name="top" href="/x">y</a>',
    output: '<p>x</p><a href="/x">y</a>',
  },
  {
    name: 'drops unknown elements and comments, keeping their text',
    input:
      '<my-widget>text</my-widget><!-- <script>alert(1)</script> --><font color="red">red</font>',
    output: 'textred',
  },
  {
    name: 'drops raw-text elements with their content',
    input:
      '<title>t</title><xmp><b>x</b></xmp><noembed><b>y</b></noembed><template><b>z</b></template>ok',
    output: 'ok',
  },
];

/**
 * Hostile inputs on which an HTML5 parser (DOMPurify) and htmlparser2 (sanitize-html) build
 * different trees, so the outputs may differ; each must still pass `richTextPolicyViolations`.
 */
export const RICH_TEXT_HOSTILE_INPUTS: readonly string[] = [
  '<svg><p>in</p><script>alert(1)</script></svg>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<td><img src=x onerror=alert(1)></td>',
  '<table><p>moved</p><script>alert(1)</script><tr><td>x</td></tr></table>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<a href="javascript:alert(1)"<img src=x onerror=alert(1)>x</a>',
  '<<script>script>alert(1)<</script>/script>',
  '<img src="https://x.example/a.png"onerror="alert(1)">',
  '<a/href="javascript:alert(1)">x</a>',
  '<p/onclick=alert(1)>x</p>',
  '<scr<script>ipt>alert(1)</script>',
  '<!--><img src=x onerror=alert(1)>-->',
  '<![CDATA[<img src=x onerror=alert(1)>]]>',
  '<?xml version="1.0"?><img src=x onerror=alert(1)>',
  '<div title="--&gt;&lt;img src=x onerror=alert(1)&gt;">x</div>',
  // An HTML5 parser reopens the unclosed <b> around "y"; htmlparser2 does not.
  '<p><b>x</p><i onclick="alert(1)">y',
];

/**
 * Irons out serialisation differences that mean nothing: sanitize-html writes void elements as
 * `<br />` and a no-break space as the character, a browser `<br>` and `&nbsp;`.
 */
export function normaliseRichTextHtml(html: string): string {
  return html.replace(/\s*\/>/g, '>').replace(/&nbsp;/g, '\u00a0');
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  quot: '"',
  lt: '<',
  gt: '>',
  nbsp: '\u00a0',
  '#39': "'",
};

const TAG = /<(\/?)([a-zA-Z][^\s/>]*)((?:\s+[^\s="'<>/]+(?:="[^"]*")?)*)\s*\/?>/g;
const ATTRIBUTE = /\s+([^\s="'<>/]+)(?:="([^"]*)")?/g;

/**
 * What in sanitised HTML breaks the policy (an empty list when nothing does): elements and
 * attributes it does not allow, unsafe URLs, a new-window link without its `rel`, markup the
 * serialiser left half-formed.
 */
export function richTextPolicyViolations(html: string): string[] {
  const violations: string[] = [];
  const text = html.replace(TAG, (_whole, _closing: string, name: string, attributes: string) => {
    const tag = name.toLowerCase();
    if (!RICH_TEXT_POLICY.tags.includes(tag)) violations.push(`element <${tag}>`);
    const values = new Map<string, string>();
    for (const match of attributes.matchAll(ATTRIBUTE)) {
      const attribute = (match[1] ?? '').toLowerCase();
      const value = (match[2] ?? '').replace(
        /&(amp|quot|lt|gt|nbsp|#39);/g,
        (entity, key: string) => ENTITIES[key] ?? entity,
      );
      values.set(attribute, value);
      const ownRel = tag === 'a' && attribute === 'rel';
      if (!ownRel && !isRichTextAttributeAllowed(tag, attribute, value)) {
        violations.push(`${attribute}="${value}" on <${tag}>`);
      }
    }
    if (values.has('rel') && !values.has('target'))
      violations.push(`rel on <${tag}> without target`);
    if (values.has('target') && values.get('rel') !== RICH_TEXT_POLICY.newWindowRel) {
      violations.push(`target on <${tag}> without rel="${RICH_TEXT_POLICY.newWindowRel}"`);
    }
    return '';
  });
  if (/[<>]/.test(text)) violations.push(`unescaped markup in text: ${text}`);
  return violations;
}
