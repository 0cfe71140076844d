import type { StaffWebVitalsResponse } from '@portal/domain';
import { expectNoAxeViolations, type StubRequest } from '@portal/web-kit/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { institutionRoutes, refusal } from '../../../testing/institution';
import { renderAdmin } from '../../../testing/render-admin';
import { renderInDarkScheme } from '../../../testing/work-queue';
import { WebVitalsPage } from './web-vitals-page';

const VITALS_URL = 'GET /admin-api/institutions/harbor/web-vitals';

const WEEK: StaffWebVitalsResponse = {
  days: 7,
  since: '2025-03-07T15:00:00.000Z',
  summaries: [
    { route: '/home/login', metric: 'LCP', p75: 1840, count: 120, rating: 'good' },
    {
      route: '/myaccount/dashboard',
      metric: 'LCP',
      p75: 2912,
      count: 41,
      rating: 'needs-improvement',
    },
    {
      route: '/myaccount/loanDetails/:accountNumber',
      metric: 'LCP',
      p75: 4380,
      count: 17,
      rating: 'poor',
    },
    {
      route: '/myaccount/dashboard',
      metric: 'CLS',
      p75: 0.15,
      count: 41,
      rating: 'needs-improvement',
    },
    { route: '/home/login', metric: 'TTFB', p75: 412, count: 120, rating: 'good' },
  ],
};

const MONTH: StaffWebVitalsResponse = {
  days: 28,
  since: '2025-02-14T15:00:00.000Z',
  summaries: [
    { route: '/home/login', metric: 'LCP', p75: 2104, count: 480, rating: 'good' },
    { route: '/myaccount/dashboard', metric: 'INP', p75: 640, count: 150, rating: 'poor' },
  ],
};

function vitals(request: StubRequest) {
  return { body: request.search === '?days=28' ? MONTH : WEEK };
}

function rowsOf(table: HTMLElement): (string | null)[] {
  return within(table)
    .getAllByRole('row')
    .map((row) => row.textContent);
}

describe('the speed page', () => {
  it('charts each route’s 75th percentile per metric against the thresholds, with the figures in a table', async () => {
    renderAdmin({
      path: '/i/harbor/web-vitals',
      routes: { ...institutionRoutes({ role: 'viewer' }), [VITALS_URL]: vitals },
    });
    expect(await screen.findByRole('heading', { name: 'Speed', level: 1 })).toBeVisible();

    const lcp = await screen.findByRole('region', { name: 'Largest Contentful Paint (LCP)' });
    expect(
      within(lcp).getByText(
        'How long until the main content of the page has appeared. Good up to 2,500 ms; poor above 4,000 ms.',
      ),
    ).toBeVisible();
    const chart = within(lcp).getByRole('img', {
      name: 'LCP, 75th percentile by route over the last 7 days, against the good and poor thresholds; the table below gives the figures',
    });
    // Each bar says its figure and its rating in words, and the thresholds are drawn and named.
    for (const text of [
      '/home/login',
      '1,840 ms · Good',
      '2,912 ms · Needs improvement',
      '4,380 ms · Poor',
      'Good ≤ 2,500 ms',
      'Poor > 4,000 ms',
    ]) {
      expect(within(chart).getByText(text)).toBeInTheDocument();
    }
    expect(chart.querySelectorAll('line')).toHaveLength(2);
    expect(rowsOf(within(lcp).getByRole('table', { name: 'LCP by route, last 7 days' }))).toEqual([
      'Route75th percentileRatingPage loads',
      '/home/login1,840 msGood120',
      '/myaccount/dashboard2,912 msNeeds improvement41',
      '/myaccount/loanDetails/:accountNumber4,380 msPoor17',
    ]);

    const cls = screen.getByRole('region', { name: 'Cumulative Layout Shift (CLS)' });
    expect(rowsOf(within(cls).getByRole('table', { name: 'CLS by route, last 7 days' }))).toEqual([
      'Route75th percentileRatingPage loads',
      '/myaccount/dashboard0.15Needs improvement41',
    ]);
    expect(within(cls).getByText('Good ≤ 0.10')).toBeInTheDocument();
    const inp = screen.getByRole('region', { name: 'Interaction to Next Paint (INP)' });
    expect(within(inp).getByText('No page loads were measured in the last 7 days.')).toBeVisible();
    expect(within(inp).queryByRole('img')).not.toBeInTheDocument();

    // The published settings measure nothing now (analytics is off in them).
    expect(screen.getByRole('note')).toHaveTextContent('Nothing is measured now');
    const nav = screen.getByRole('navigation', { name: 'Institution sections' });
    expect(within(nav).getByRole('link', { name: 'Speed' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectNoAxeViolations();
  });

  it('shows the last 28 days when asked', async () => {
    const { user, server } = renderAdmin({
      path: '/i/harbor/web-vitals',
      routes: { ...institutionRoutes(), [VITALS_URL]: vitals },
    });
    const week = await screen.findByRole('button', { name: 'Last 7 days' });
    expect(week).toHaveAttribute('aria-pressed', 'true');
    await screen.findByRole('table', { name: 'LCP by route, last 7 days' });

    await user.click(screen.getByRole('button', { name: 'Last 28 days' }));
    const table = await screen.findByRole('table', { name: 'LCP by route, last 28 days' });
    expect(rowsOf(table)).toEqual([
      'Route75th percentileRatingPage loads',
      '/home/login2,104 msGood480',
    ]);
    expect(screen.getByRole('button', { name: 'Last 28 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const inp = screen.getByRole('region', { name: 'Interaction to Next Paint (INP)' });
    expect(within(inp).getByRole('img')).toHaveAccessibleName(
      'INP, 75th percentile by route over the last 28 days, against the good and poor thresholds; the table below gives the figures',
    );
    expect(within(inp).getByText('640 ms · Poor')).toBeInTheDocument();
    expect(server.requestsTo(VITALS_URL).map((request) => request.search)).toEqual([
      '?days=7',
      '?days=28',
    ]);
    await expectNoAxeViolations();
  });

  it('reads well in the dark scheme and says how many page loads are measured', async () => {
    renderInDarkScheme(
      '/i/harbor/web-vitals',
      '/i/:slug/web-vitals',
      <WebVitalsPage slug="harbor" sampleRate={0.1} />,
      { [VITALS_URL]: vitals },
    );
    expect(await screen.findByRole('table', { name: 'LCP by route, last 7 days' })).toBeVisible();
    expect(screen.getByText('10% of page loads are measured (Settings, Analytics).')).toBeVisible();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('shows the server’s refusal', async () => {
    renderAdmin({
      path: '/i/harbor/web-vitals',
      routes: {
        ...institutionRoutes(),
        [VITALS_URL]: refusal(404, 'NotFound', 'There is no such institution among yours.'),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is no such institution among yours.',
    );
    await expectNoAxeViolations();
  });
});
