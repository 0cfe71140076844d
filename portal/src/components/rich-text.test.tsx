import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withSettings } from '../testing/with-settings';
import { RichText, sanitizeRichText } from './rich-text';

describe('rich text', () => {
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

  it('renders ordinary markup', () => {
    render(withSettings(<RichText html="<h2>Disclosures</h2><p>Equal Housing Lender.</p>" />));
    expect(screen.getByRole('heading', { level: 2, name: 'Disclosures' })).toBeVisible();
    expect(screen.getByText('Equal Housing Lender.')).toBeVisible();
  });
});
