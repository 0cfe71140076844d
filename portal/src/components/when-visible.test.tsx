import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WHEN_VISIBLE_MARGIN, WhenVisible } from './when-visible';

/** jsdom has no IntersectionObserver: a stand-in that reports what the test says it sees. */
class SeenObserver {
  static made: SeenObserver[] = [];
  readonly watched: Element[] = [];
  disconnected = false;
  constructor(
    readonly report: (entries: { isIntersecting: boolean }[]) => void,
    readonly options: { rootMargin?: string },
  ) {
    SeenObserver.made.push(this);
  }
  observe(element: Element) {
    this.watched.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  SeenObserver.made = [];
});

describe('WhenVisible', () => {
  it('holds the place until it comes near the viewport, then shows the part and stops watching', () => {
    vi.stubGlobal('IntersectionObserver', SeenObserver);
    render(
      <WhenVisible minHeight={240}>
        <p>Documents</p>
      </WhenVisible>,
    );
    expect(screen.queryByText('Documents')).toBeNull();
    const [observer] = SeenObserver.made;
    expect(observer?.options.rootMargin).toBe(`${WHEN_VISIBLE_MARGIN} 0px`);
    expect(observer?.watched).toHaveLength(1);
    act(() => observer?.report([{ isIntersecting: false }]));
    expect(screen.queryByText('Documents')).toBeNull();
    act(() => observer?.report([{ isIntersecting: true }]));
    expect(screen.getByText('Documents')).toBeVisible();
    expect(observer?.disconnected).toBe(true);
  });

  it('shows the part at once where the browser cannot tell what is visible', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenVisible>
        <p>Footer text</p>
      </WhenVisible>,
    );
    expect(screen.getByText('Footer text')).toBeVisible();
  });
});
