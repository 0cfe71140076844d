import { useEffect } from 'react';
import { useDialogStack, type DialogHandle } from '../components/dialogs/dialog-stack';
import { preloadPortalDialog } from '../components/dialogs/portal-dialog';
import { SessionTimeoutDialog } from '../components/dialogs/session-timeout-dialog';
import { createIdleTimer, IDLE_ACTIVITY_EVENTS } from '../lib/idle-timer';
import { useSession } from '../lib/session/session-context';
import { useSettings } from '../lib/settings/settings-context';
import { createValueStore } from '../lib/value-store';

type TimeoutResult = 'resume' | 'logout';

/**
 * The idle timeout (spec 000 sections 2.1, 2.13 and 4). It lives in the logged-in layout, which
 * is mounted exactly while the URL contains /myaccount: mounting starts the watch, leaving for
 * /home stops it. After the idle time the warning counts down; Resume keeps the session, 0 logs
 * out with reason sessionExpired. Input while the warning is open does not dismiss it.
 *
 * The dialog code is not part of a page's first download (portal-dialog.tsx): the watcher fetches
 * it halfway through the idle time, so the warning does not wait on the network (a connection
 * that dropped while the borrower was away), and opens the warning once it is in. The logout at
 * 0 happens whether or not the warning could show.
 */
export function IdleTimeoutWatcher() {
  const { status, logout } = useSession();
  const dialogs = useDialogStack();
  const settings = useSettings();
  const timeoutMs = settings.get('sessionOptions.idleTimeoutMilliseconds');
  const countdownSeconds = settings.get('sessionOptions.idleCountdownSeconds');
  const active = status === 'signedIn';

  useEffect(() => {
    if (!active) return;
    const secondsLeft = createValueStore(countdownSeconds);
    let warning: DialogHandle<TimeoutResult> | undefined;
    /** Counts warnings, so a warning whose code arrives after it ended does not open. */
    let warningNumber = 0;
    const preloadHandle = setTimeout(
      () => void preloadPortalDialog().catch(() => undefined),
      timeoutMs / 2,
    );
    const openWarning = () => {
      const handle = dialogs.open<TimeoutResult>(
        (close) => (
          <SessionTimeoutDialog secondsLeft={secondsLeft} onResume={() => close('resume')} />
        ),
        // The session's warning, about no page: it stays when the route changes.
        { dismissible: false, scope: 'app' },
      );
      warning = handle;
      void handle.result.then((result) => {
        if (warning === handle) warning = undefined;
        if (result === 'resume') timer.resume();
        else if (result === 'logout') void logout('sessionExpired');
      });
    };
    const timer = createIdleTimer({
      timeoutMs,
      countdownSeconds,
      onWarning(seconds) {
        secondsLeft.set(seconds);
        const number = ++warningNumber;
        void preloadPortalDialog().then(
          () => {
            if (number === warningNumber && timer.phase === 'warning') openWarning();
          },
          // Still out of reach: no warning, but the logout at 0 happens all the same.
          () => undefined,
        );
      },
      onCountdown: (seconds) => secondsLeft.set(seconds),
      onTimeout: () => {
        warningNumber += 1;
        if (warning) warning.close('logout');
        else void logout('sessionExpired');
      },
    });
    const onActivity = () => timer.recordActivity();
    for (const type of IDLE_ACTIVITY_EVENTS) {
      window.addEventListener(type, onActivity, { capture: true, passive: true });
    }
    timer.start();
    return () => {
      clearTimeout(preloadHandle);
      warningNumber += 1;
      timer.stop();
      for (const type of IDLE_ACTIVITY_EVENTS) {
        window.removeEventListener(type, onActivity, { capture: true });
      }
      const open = warning;
      warning = undefined;
      open?.close();
    };
  }, [active, countdownSeconds, dialogs, logout, timeoutMs]);

  return null;
}
