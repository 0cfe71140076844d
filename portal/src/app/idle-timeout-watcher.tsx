import { useEffect } from 'react';
import { useDialogStack, type DialogHandle } from '../components/dialogs/dialog-stack';
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
    const timer = createIdleTimer({
      timeoutMs,
      countdownSeconds,
      onWarning(seconds) {
        secondsLeft.set(seconds);
        const handle = dialogs.open<TimeoutResult>(
          (close) => (
            <SessionTimeoutDialog secondsLeft={secondsLeft} onResume={() => close('resume')} />
          ),
          { dismissible: false },
        );
        warning = handle;
        void handle.result.then((result) => {
          if (warning === handle) warning = undefined;
          if (result === 'resume') timer.resume();
          else if (result === 'logout') void logout('sessionExpired');
        });
      },
      onCountdown: (seconds) => secondsLeft.set(seconds),
      onTimeout: () => warning?.close('logout'),
    });
    const onActivity = () => timer.recordActivity();
    for (const type of IDLE_ACTIVITY_EVENTS) {
      window.addEventListener(type, onActivity, { capture: true, passive: true });
    }
    timer.start();
    return () => {
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
