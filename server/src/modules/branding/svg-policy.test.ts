import { describe, expect, it } from 'vitest';
import { unsafeSvgReason } from './svg-policy';

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
    ['malformed XML', '<svg xmlns="http://www.w3.org/2000/svg"><g></svg>'],
    ['another root element', '<html xmlns="http://www.w3.org/1999/xhtml"/>'],
  ])('refuses %s', (_name, text) => {
    expect(unsafeSvgReason(text)).toEqual(expect.any(String));
  });
});
