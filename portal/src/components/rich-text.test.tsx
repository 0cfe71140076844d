import {
  normaliseRichTextHtml,
  RICH_TEXT_CASES,
  RICH_TEXT_HOSTILE_INPUTS,
  richTextPolicyViolations,
} from '@portal/domain/testing';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withSettings } from '../testing/with-settings';
import { RichText, sanitizeRichText } from './rich-text';

describe('rich text', () => {
  // The server runs the same table through sanitize-html: the two sides agree case by case.
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

  it('keeps links that open a new tab, with rel="noopener noreferrer"', () => {
    render(
      withSettings(
        <RichText
          html={
            '<a href="https://example.com" target="_blank" rel="opener">Rates</a><a href="/faq">FAQ</a>'
          }
        />,
      ),
    );
    const external = screen.getByRole('link', { name: 'Rates' });
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'FAQ' })).not.toHaveAttribute('rel');
  });

  it('shows a fee table and an https image', () => {
    render(
      withSettings(
        <RichText
          html={
            '<table><thead><tr><th scope="col">Fee</th></tr></thead><tbody><tr><td>$15</td></tr></tbody></table><img src="https://cdn.example.com/seal.png" alt="Equal Housing Lender"><img src="data:image/png;base64,iVBORw0KGgo=" alt="Inline">'
          }
        />,
      ),
    );
    expect(screen.getByRole('columnheader', { name: 'Fee' })).toBeVisible();
    expect(screen.getByRole('cell', { name: '$15' })).toBeVisible();
    expect(screen.getByRole('img', { name: 'Equal Housing Lender' })).toHaveAttribute(
      'src',
      'https://cdn.example.com/seal.png',
    );
    expect(screen.getByRole('img', { name: 'Inline' })).not.toHaveAttribute('src');
  });

  it('renders ordinary markup', () => {
    render(withSettings(<RichText html="<h2>Disclosures</h2><p>Equal Housing Lender.</p>" />));
    expect(screen.getByRole('heading', { level: 2, name: 'Disclosures' })).toBeVisible();
    expect(screen.getByText('Equal Housing Lender.')).toBeVisible();
  });
});
