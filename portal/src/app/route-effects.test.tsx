import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useViewError } from '../lib/view-error';
import { renderShell } from '../testing/render-shell';
import { LoggedOutLayout } from './layouts/logged-out-layout';
import { PageLoadError } from './layouts/page-load-error';
import { titled } from './route-handle';

describe('page titles and analytics', () => {
  const routes: RouteObject[] = [
    {
      path: 'profile',
      element: <h1>Profile</h1>,
      handle: titled('pageTitleTexts.profilePageTitle'),
    },
    { path: 'untitled', element: <h1>No title</h1> },
  ];

  it('takes the document title from the setting the route names', async () => {
    renderShell(routes, {
      path: '/profile',
      settings: { 'pageTitleTexts.profilePageTitle': 'Harbor - My Profile' },
    });
    await waitFor(() => expect(document.title).toBe('Harbor - My Profile'));
  });

  it('reports a route without a page title as a client error', async () => {
    const { server } = renderShell(routes, { path: '/untitled' });
    await waitFor(() => expect(server.requestsTo('POST /api/ClientError')).toHaveLength(1));
    expect(server.requestsTo('POST /api/ClientError')[0]?.body).toMatchObject({
      Message: 'Error: The route /untitled has no page title',
    });
  });

  it('sends a page view after each navigation when page-view analytics are on', async () => {
    const { server, router } = renderShell(routes, {
      path: '/profile',
      settings: { 'analyticsOptions.enablePageViewAnalyticsOption': 'true' },
    });
    await waitFor(() => expect(server.requestsTo('POST /api/Analytics/PageView')).toHaveLength(1));
    expect(server.requestsTo('POST /api/Analytics/PageView')[0]?.body).toEqual({
      Route: '/profile',
      Title: 'Payments - Profile',
    });
    await router.navigate('/profile?again=1');
    await waitFor(() => expect(server.requestsTo('POST /api/Analytics/PageView')).toHaveLength(2));
  });

  it('sends no page views when page-view analytics are off', async () => {
    const { server } = renderShell(routes, { path: '/profile' });
    await waitFor(() => expect(document.title).toBe('Payments - Profile'));
    expect(server.requestsTo('POST /api/Analytics/PageView')).toHaveLength(0);
  });
});

function FailingPage() {
  const { setViewError } = useViewError();
  return (
    <button onClick={() => setViewError('We could not load that loan.')}>Load the loan</button>
  );
}

describe('navigation in a layout', () => {
  it('shows a view error in the layout until the next navigation', async () => {
    const { user, router } = renderShell(
      [
        {
          path: 'home',
          element: <LoggedOutLayout />,
          children: [
            {
              path: 'loan',
              element: <FailingPage />,
              handle: titled('pageTitleTexts.loginPageTitle'),
            },
            { path: 'faq', element: <h1>FAQ</h1>, handle: titled('pageTitleTexts.faqPageTitle') },
          ],
        },
      ],
      { path: '/home/loan' },
    );
    await user.click(await screen.findByRole('button', { name: 'Load the loan' }));
    expect(screen.getByText('We could not load that loan.')).toBeVisible();
    await router.navigate('/home/faq');
    expect(await screen.findByRole('heading', { name: 'FAQ' })).toBeVisible();
    expect(screen.queryByText('We could not load that loan.')).toBeNull();
  });

  function layoutRoutes(lazyPage: RouteObject['lazy']): RouteObject[] {
    return [
      {
        path: 'home',
        element: <LoggedOutLayout />,
        children: [
          {
            errorElement: <PageLoadError />,
            children: [
              {
                path: 'start',
                element: <h1>Start</h1>,
                handle: titled('pageTitleTexts.loginPageTitle'),
              },
              { path: 'next', lazy: lazyPage, handle: titled('pageTitleTexts.faqPageTitle') },
            ],
          },
        ],
      },
    ];
  }

  it('shows the loading animation and announcement while a page loads', async () => {
    let finish: () => void = () => {};
    const loaded = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const { router } = renderShell(
      layoutRoutes(async () => {
        await loaded;
        return { element: <h1>Next page</h1> };
      }),
      { path: '/home/start' },
    );
    await screen.findByRole('heading', { name: 'Start' });
    void router.navigate('/home/next');
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');

    finish();
    expect(await screen.findByRole('heading', { name: 'Next page' })).toBeVisible();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('shows the page-load error inside the layout when a page cannot be loaded', async () => {
    const { router, server } = renderShell(
      layoutRoutes(() => Promise.reject(new Error('Failed to fetch dynamically imported module'))),
      { path: '/home/start' },
    );
    await screen.findByRole('heading', { name: 'Start' });
    await router.navigate('/home/next');
    expect(
      await screen.findByRole('heading', {
        name: 'An error occurred while trying to load that page.',
      }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Show Disclosures' })).toBeVisible();
    await waitFor(() => expect(server.requestsTo('POST /api/ClientError')).toHaveLength(1));
  });
});
