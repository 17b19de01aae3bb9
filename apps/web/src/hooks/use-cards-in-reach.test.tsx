import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCardsInReach } from './use-cards-in-reach';

/** An IntersectionObserver the test answers for: which element it watches, and with what root and margin. */
class FakeObserver {
  static all: FakeObserver[] = [];
  target: Element | null = null;
  disconnected = false;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.all.push(this);
  }
  observe(target: Element) {
    this.target = target;
  }
  disconnect() {
    this.disconnected = true;
  }
  /** Says whether the watched element is in (the margin of) its root. */
  report(isIntersecting: boolean) {
    const entry = { isIntersecting, target: this.target } as IntersectionObserverEntry;
    act(() => this.callback([entry], this as unknown as IntersectionObserver));
  }
  static live = () => FakeObserver.all.filter((o) => !o.disconnected);
}

const GAMES = Array.from({ length: 10 }, (_, i) => `game ${i + 1}`);

function Cards({ total, along }: { total: number; along: 'row' | 'column' }) {
  const { shown, last } = useCardsInReach<HTMLLIElement>(total, 4, along);
  return (
    <ul aria-label="cards">
      {GAMES.slice(0, shown).map((game, i) => (
        <li key={game} ref={i === shown - 1 ? last : undefined}>
          {game}
        </li>
      ))}
    </ul>
  );
}

const made = () => screen.getAllByRole('listitem').length;

describe('cards made as the fan nears them', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeObserver.all = [];
  });

  it('in a rail, makes more only while the rail is near the view and its last card near the track’s view', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<Cards total={10} along="row" />);
    expect(made()).toBe(4);
    const [rail, end] = FakeObserver.live();
    // The rail is watched against the page's view, the last card against the rail's own track.
    expect(rail?.target).toBe(screen.getByRole('list'));
    expect(rail?.options.root ?? null).toBeNull();
    expect(end?.target).toBe(screen.getAllByRole('listitem')[3]);
    expect(end?.options.root).toBe(screen.getByRole('list'));

    end?.report(true);
    expect(made()).toBe(4);
    rail?.report(false);
    expect(made()).toBe(4);
    rail?.report(true);
    expect(made()).toBe(8);

    // New watchers for the new last card; the old ones are let go.
    expect(rail?.disconnected && end?.disconnected).toBe(true);
    const [rail2, end2] = FakeObserver.live();
    expect(end2?.target).toBe(screen.getAllByRole('listitem')[7]);
    rail2?.report(true);
    end2?.report(true);
    expect(made()).toBe(10);
    // All made: nothing is watched any more.
    expect(FakeObserver.live()).toEqual([]);
  });

  it('in a list down the page, makes more when its last card comes within a screen below the view', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<Cards total={6} along="column" />);
    expect(made()).toBe(4);
    const watching = FakeObserver.live();
    expect(watching).toHaveLength(1);
    expect(watching[0]?.options.rootMargin).toBe('100% 0px');
    watching[0]?.report(false);
    expect(made()).toBe(4);
    watching[0]?.report(true);
    expect(made()).toBe(6);
  });

  it('starts again with one step when the list is emptied (new filters) and filled again', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { rerender } = render(<Cards total={10} along="column" />);
    FakeObserver.live()[0]?.report(true);
    FakeObserver.live()[0]?.report(true);
    expect(made()).toBe(10);
    // The new filters' games are loading: none to show.
    rerender(<Cards total={0} along="column" />);
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    rerender(<Cards total={10} along="column" />);
    expect(made()).toBe(4);
  });

  it('makes every card at once where the browser has no IntersectionObserver', () => {
    expect(typeof IntersectionObserver).toBe('undefined');
    const { result } = renderHook(() => useCardsInReach<HTMLLIElement>(10, 4));
    expect(result.current.shown).toBe(10);
  });

  it('never counts more cards than there are', () => {
    const { result } = renderHook(() => useCardsInReach<HTMLLIElement>(2, 4));
    expect(result.current.shown).toBe(2);
  });
});
