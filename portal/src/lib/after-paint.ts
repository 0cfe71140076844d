import { startTransition, useEffect, useState } from 'react';

/**
 * Counts up from 0 to `stages`, one step after each paint: a large screen renders what matters
 * most in its first commit (what is due, the loan's facts) and the rest in later ones, each its
 * own, smaller task. React renders a transition in slices, but commits it whole; one commit of the
 * loan page's every section (history, chart, statements, documents, alerts) held a phone's main
 * thread for 0.7 s before the amount due could paint (issue 23). Every part is rendered a frame
 * or two later, not on scroll: a screen reader finds the whole page.
 *
 * Written here: it is a requestAnimationFrame and a timeout (the next task after the paint),
 * not worth a library.
 */
export function useStagesAfterPaint(stages: number): number {
  const [stage, setStage] = useState(0);
  useEffect(() => {
    if (stage >= stages) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => {
      timer = setTimeout(() => startTransition(() => setStage((current) => current + 1)), 0);
    };
    // Without frames (a test's document), the next task.
    if (typeof requestAnimationFrame !== 'function') {
      next();
      return () => clearTimeout(timer);
    }
    const frame = requestAnimationFrame(next);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [stage, stages]);
  return stage;
}
