import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichText } from './rich-text';

describe('RichText', () => {
  it('keeps links that open a new tab, with rel="noopener noreferrer"', () => {
    render(
      <RichText
        html={
          '<a href="https://example.com" target="_blank" rel="opener">Rates</a><a href="/faq">FAQ</a>'
        }
      />,
    );
    const external = screen.getByRole('link', { name: 'Rates' });
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'FAQ' })).not.toHaveAttribute('rel');
  });

  it('shows a fee table and an https image', () => {
    render(
      <RichText
        html={
          '<table><thead><tr><th scope="col">Fee</th></tr></thead><tbody><tr><td>$15</td></tr></tbody></table><img src="https://cdn.example.com/seal.png" alt="Equal Housing Lender"><img src="data:image/png;base64,iVBORw0KGgo=" alt="Inline">'
        }
      />,
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
    render(<RichText html="<h2>Disclosures</h2><p>Equal Housing Lender.</p>" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Disclosures' })).toBeVisible();
    expect(screen.getByText('Equal Housing Lender.')).toBeVisible();
  });

  it('removes what the policy forbids before it reaches the page', () => {
    const { container } = render(
      <RichText html={'<p onclick="steal()">Hello<script>alert(1)</script></p>'} />,
    );
    expect(screen.getByText('Hello')).toBeVisible();
    expect(container.querySelector('script, [onclick]')).toBeNull();
  });
});
