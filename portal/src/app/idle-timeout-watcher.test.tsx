import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPortal } from '../testing/render-portal';

const TITLE = 'Your session is about to expire!';

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

async function signedInDashboard() {
  const portal = renderPortal({
    path: '/myaccount/dashboard',
    signedIn: true,
    userEvent: { advanceTimers: (ms) => vi.advanceTimersByTime(ms) },
  });
  await screen.findByRole('heading', { level: 1, name: 'Welcome, Jordan Rivers' });
  return portal;
}

/** The seconds left in 'You will be logged out in N minutes M seconds'. */
function secondsShown(dialog: HTMLElement): number {
  const match = /You will be logged out in (\d+) minutes (\d+) seconds/.exec(
    dialog.textContent ?? '',
  );
  if (!match) throw new Error(`No countdown in: ${dialog.textContent ?? ''}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

describe('idle timeout', () => {
  beforeEach(() => {
    // Real time keeps flowing for promises and rendering; the test moves the clock on top.
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('warns after 180000 ms idle and counts down in minutes and seconds', async () => {
    await signedInDashboard();
    // Real time flows on top of the fake clock (see beforeEach), so on a loaded machine a
    // second or two may pass between steps: the margins below allow for that and no more.
    await advance(175_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(5_000);
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    const first = secondsShown(dialog);
    expect(first).toBeGreaterThanOrEqual(117);
    expect(first).toBeLessThanOrEqual(120);
    await advance(1_000);
    expect(first - secondsShown(dialog)).toBeGreaterThanOrEqual(1);
    expect(first - secondsShown(dialog)).toBeLessThanOrEqual(3);
    await advance(60_000);
    expect(first - secondsShown(dialog)).toBeGreaterThanOrEqual(61);
    expect(first - secondsShown(dialog)).toBeLessThanOrEqual(63);
  });

  it('shows the countdown as minutes and seconds', async () => {
    await signedInDashboard();
    await advance(180_000);
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(dialog.textContent).toMatch(
      /You will be logged out in [0-2] minutes [0-5]?[0-9] seconds/,
    );
  });

  it('input before the warning starts the idle time again', async () => {
    await signedInDashboard();
    await advance(150_000);
    fireEvent.keyDown(document.body, { key: 'a' });
    await advance(150_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(31_000);
    expect(await screen.findByRole('dialog', { name: TITLE })).toBeVisible();
  });

  it('Resume keeps the session, and input while the warning is up does not dismiss it', async () => {
    const { user, server } = await signedInDashboard();
    await advance(180_000);
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    fireEvent.mouseMove(document.body);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    fireEvent.wheel(document.body);
    await advance(1_000);
    expect(dialog).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.hash).toBe('#/myaccount/dashboard');
    expect(server.requestsTo('POST /api/Login/Logout')).toHaveLength(0);

    // Watching starts again from the Resume.
    await advance(179_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(1_500);
    expect(await screen.findByRole('dialog', { name: TITLE })).toBeVisible();
  });

  it('logs out with the session-expired banner when the countdown reaches 0', async () => {
    const { server } = await signedInDashboard();
    await advance(180_000);
    await screen.findByRole('dialog', { name: TITLE });
    await advance(120_000);
    expect(await screen.findByText('Your session has expired!')).toBeVisible();
    expect(window.location.hash).toBe('#/home/login');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.requestsTo('POST /api/Login/Logout')).toHaveLength(1);
  });

  it('does not watch on logged-out pages', async () => {
    renderPortal({ path: '/home/login' });
    await screen.findByRole('button', { name: 'Sign In' });
    await advance(400_000);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
