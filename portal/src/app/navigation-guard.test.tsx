import { screen, waitFor, within } from '@testing-library/react';
import { Link, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUnsavedChanges } from '../lib/unsaved-changes';
import { renderShell } from '../testing/render-shell';
import { titled } from './route-handle';
import { useLogoutRequest } from './use-logout-request';

const UNSAVED = 'There are unsaved changes on the page, are you sure you want to continue?';

function EditPage() {
  const { hasUnsavedChanges, setUnsavedChanges } = useUnsavedChanges();
  const requestLogout = useLogoutRequest();
  return (
    <main>
      <h1>Edit profile</h1>
      <p>{hasUnsavedChanges ? 'Changes not saved' : 'All saved'}</p>
      <button onClick={() => setUnsavedChanges(true)}>Make a change</button>
      <button onClick={() => void requestLogout()}>Logout</button>
      <Link to="/other">Other page</Link>
      <Link to="/edit?tab=2">Next tab</Link>
    </main>
  );
}

const routes: RouteObject[] = [
  { path: 'edit', element: <EditPage />, handle: titled('pageTitleTexts.profilePageTitle') },
  { path: 'other', element: <h1>Other page</h1>, handle: titled('pageTitleTexts.faqPageTitle') },
  {
    path: 'home/login',
    element: <h1>Login screen</h1>,
    handle: titled('pageTitleTexts.loginPageTitle'),
  },
];

describe('unsaved changes', () => {
  it('lets the user leave freely when nothing is unsaved', async () => {
    const { user } = renderShell(routes, { path: '/edit', signedIn: true });
    await user.click(await screen.findByRole('link', { name: 'Other page' }));
    expect(await screen.findByRole('heading', { name: 'Other page' })).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before leaving with unsaved changes: No stays, Yes leaves and clears the flag', async () => {
    const { user, router } = renderShell(routes, { path: '/edit', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Make a change' }));
    await user.click(screen.getByRole('link', { name: 'Other page' }));

    const dialog = await screen.findByRole('dialog', { name: UNSAVED });
    // No, which loses nothing, has the focus: Enter keeps the work.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'No' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/edit');
    expect(screen.getByText('Changes not saved')).toBeVisible();

    await user.click(screen.getByRole('link', { name: 'Other page' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: UNSAVED })).getByRole('button', {
        name: 'Yes',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Other page' })).toBeVisible();

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await router.navigate('/edit');
    expect(await screen.findByText('All saved')).toBeVisible();
  });

  it('clears the flag at the end of a navigation that stays on the page', async () => {
    const { user } = renderShell(routes, { path: '/edit', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Make a change' }));
    await user.click(screen.getByRole('link', { name: 'Next tab' }));
    expect(await screen.findByText('All saved')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('makes the browser warn before unloading the page only while changes are unsaved', async () => {
    const { user } = renderShell(routes, { path: '/edit', signedIn: true });
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    await screen.findByRole('button', { name: 'Make a change' });
    expect(unload()).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Make a change' }));
    expect(unload()).toBe(true);
  });

  it('asks the unsaved-changes question instead of the logout confirmation, and logs out on Yes', async () => {
    const { user, server, router } = renderShell(routes, { path: '/edit', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Make a change' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: UNSAVED });
    expect(screen.queryByRole('dialog', { name: 'Are you sure you want to logout?' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requestsTo('POST /api/Login/Logout')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: UNSAVED })).getByRole('button', {
        name: 'Yes',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/home/login');
    expect(server.requestsTo('POST /api/Login/Logout')).toHaveLength(1);
  });

  it('asks for logout confirmation when nothing is unsaved', async () => {
    const { user } = renderShell(routes, { path: '/edit', signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(
      await screen.findByRole('dialog', { name: 'Are you sure you want to logout?' }),
    ).toBeVisible();
  });
});
