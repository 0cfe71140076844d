import { describe, expect, it } from 'vitest';
import { cssAsBrowserReadsIt, unsafeSvgReason } from './svg-policy';

const svg = (inner: string, attributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"${attributes}>${inner}</svg>`;

describe('uploaded SVGs: parsed and allow-listed', () => {
  it('accepts static drawings, gradients, filters, text, local references and embedded rasters', () => {
    const logo = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient>' +
        '<filter id="f"><feGaussianBlur stdDeviation="2"/></filter></defs>' +
        '<style>.a { fill: url(#g); }</style>' +
        '<g class="a" filter="url(#f)"><path d="M0 0h10v10z"/><text x="1" y="9">Bank</text></g>' +
        '<use xlink:href="#g"/><image href="data:image/png;base64,iVBORw0KGgo="/>',
      ' viewBox="0 0 10 10" role="img"',
    );
    expect(unsafeSvgReason(`<?xml version="1.0"?>${logo}`)).toBeUndefined();
  });

  it.each([
    ['a script', svg('<script>alert(1)</script>')],
    [
      'a namespaced script (<s:script>)',
      svg('<s:script xmlns:s="http://www.w3.org/2000/svg">alert(1)</s:script>'),
    ],
    ['an event handler', svg('<rect width="1" height="1"/>', ' onload="alert(1)"')],
    [
      'an entity-encoded javascript: link',
      svg('<a href="&#106;avascript:alert(1)"><text>x</text></a>'),
    ],
    ['a javascript: link on an allowed element', svg('<use href="&#106;avascript:alert(1)"/>')],
    [
      'foreign HTML',
      svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'),
    ],
    [
      'an element of another namespace',
      svg('<h:iframe xmlns:h="http://www.w3.org/1999/xhtml" src="x"/>'),
    ],
    ['an external image', svg('<image href="https://tracker.example/p.png"/>')],
    ['an SVG as a data address', svg('<image href="data:image/svg+xml;base64,PHN2Zz4="/>')],
    ['a style that imports', svg('<style>@import url(https://evil.example/x.css);</style>')],
    ['a style attribute that loads', svg('<rect style="fill: url(https://evil.example/x)"/>')],
    ['a doctype with entities', `<!DOCTYPE svg [<!ENTITY x "y">]>${svg('<text>&x;</text>')}`],
    [
      'an animation that sets an href',
      svg('<a><set attributeName="href" to="javascript:alert(1)"/></a>'),
    ],
    // CSS escapes and comments: the browser decodes them before it reads the rule (issue 20).
    [
      'an escaped @import in a style',
      svg('<style>@\\69mport "https://evil.example/x.css";</style>'),
    ],
    [
      'an escaped url( in a style',
      svg('<style>.a { fill: u\\72l(https://evil.example/x) }</style>'),
    ],
    [
      'an escaped url( with the space after the escape',
      svg('<style>.a{fill:\\75 rl(//evil.example/x)}</style>'),
    ],
    ['a six-digit escape', svg('<style>@\\000069mport "//evil.example/x.css";</style>')],
    [
      'an escape of a plain letter',
      svg('<style>.a{background:\\u\\r\\l(//evil.example/x)}</style>'),
    ],
    ['an escape across a line break', svg('<style>@imp\\\nort "//evil.example/x.css";</style>')],
    ['a comment inside the keyword', svg('<style>@im/**/port "//evil.example/x.css";</style>')],
    ['an entity that makes an escape', svg('<style>.a{fill:u&#92;72l(//evil.example/x)}</style>')],
    ['an escaped url( in a style attribute', svg('<rect style="fill: u\\72l(//evil.example/x)"/>')],
    ['an escaped url( in a presentation attribute', svg('<rect fill="u\\72l(//evil.example/x)"/>')],
    [
      'an external paint server in a presentation attribute',
      svg('<rect fill="url(https://evil.example/p.svg#g)"/>'),
    ],
    [
      'image-set() in a style',
      svg('<style>.a{background:image-set("//evil.example/x.png" 1x)}</style>'),
    ],
    [
      'an escaped image-set()',
      svg('<style>.a{background:\\69mage-set("//evil.example/x.png" 1x)}</style>'),
    ],
    [
      'src() in @font-face',
      svg('<style>@font-face{font-family:x;src:src("//evil.example/f.woff")}</style>'),
    ],
    ['an escaped url( of a cursor', svg('<g cursor="\\75\\72\\6c(//evil.example/c.cur), auto"/>')],
    ['malformed XML', '<svg xmlns="http://www.w3.org/2000/svg"><g></svg>'],
    ['another root element', '<html xmlns="http://www.w3.org/1999/xhtml"/>'],
  ])('refuses %s', (_name, text) => {
    expect(unsafeSvgReason(text)).toEqual(expect.any(String));
  });
});

describe('CSS as the browser reads it', () => {
  it.each([
    ['@\\69mport', '@import'],
    ['u\\72l(', 'url('],
    ['\\75 rl(', 'url('],
    ['\\000075rl(', 'url('],
    ['\\u\\r\\l(', 'url('],
    ['a/* x */b', 'ab'],
    ['im\\\nport', 'import'],
    ['\\0 x', '\uFFFDx'],
    ['\\110000', '\uFFFD'],
    ['\\d800', '\uFFFD'],
    ['end\\', 'end\uFFFD'],
  ])('reads %j as %j', (css, read) => {
    expect(cssAsBrowserReadsIt(css)).toBe(read);
  });

  it('keeps local references and plain rules', () => {
    const logo = svg(
      '<style>.a { fill: u\\72l(#g); font-family: "Source Serif", serif }</style>' +
        '<rect class="a" fill="url( #g )" mask="url(#m)" width="1" height="1"/>',
    );
    expect(unsafeSvgReason(logo)).toBeUndefined();
  });
});
