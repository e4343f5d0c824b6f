import type { WizardCalculationItem, WizardCalculations } from '@medcalc/domain';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ServiceSections } from './service-sections';

const service = (id: number, name: string): WizardCalculationItem => ({
  id,
  name,
  calculation: { bonus: 0, profit: 15, chronometry: false, stuff: [], pills: [] },
});

const CALCULATIONS: WizardCalculations = {
  'Ультразвукова діагностика': [service(1, 'УЗД 1'), service(2, 'УЗД 2'), service(3, 'УЗД 3')],
  Ендоскопія: [service(4, 'Гастроскопія'), service(5, 'Колоноскопія')],
};

/** A stand-in for the browser's IntersectionObserver: the test says which slots come near the window. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly targets = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  disconnect() {
    this.targets.clear();
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  /** Reports every observed slot containing `element` as intersecting the window. */
  static reveal(element: Element) {
    for (const observer of FakeObserver.instances) {
      const hits = [...observer.targets].filter((target) => target.contains(element));
      if (hits.length === 0) continue;
      observer.callback(
        hits.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
        observer as unknown as IntersectionObserver,
      );
    }
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.instances = [];
});

const renderSections = () =>
  render(
    <ServiceSections
      calculations={CALCULATIONS}
      loadError={null}
      onRetry={() => undefined}
      countLines={() => 1}
      renderService={(category, item) => (
        <div role="region" aria-label={`Послуга: ${item.name}`}>
          {category}
          <input aria-label={`Назва: ${item.name}`} defaultValue={item.name} />
        </div>
      )}
    />,
  );

const card = (name: string) => screen.queryByRole('region', { name: `Послуга: ${name}` });
const placeholder = (name: string) =>
  screen.getByRole('button', { name: `Послуга: ${name} — показати поля` });

describe('ServiceSections', () => {
  it('renders the first two cards with the step and the others when they come near the window', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    renderSections();

    expect(card('УЗД 1')).toBeInTheDocument();
    expect(card('УЗД 2')).toBeInTheDocument();
    for (const name of ['УЗД 3', 'Гастроскопія', 'Колоноскопія']) {
      expect(card(name)).not.toBeInTheDocument();
      expect(placeholder(name)).toHaveTextContent(name);
    }
    // Every category keeps its title, rendered or not.
    expect(screen.getByRole('region', { name: 'Ендоскопія' })).toBeInTheDocument();

    act(() => FakeObserver.reveal(placeholder('Гастроскопія')));
    expect(await screen.findByRole('region', { name: 'Послуга: Гастроскопія' })).toBeVisible();
    expect(card('УЗД 3')).not.toBeInTheDocument();
    expect(card('Колоноскопія')).not.toBeInTheDocument();
  });

  it('renders a card reached with Tab and moves the focus into it', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const user = userEvent.setup();
    renderSections();

    await user.click(screen.getByRole('textbox', { name: 'Назва: УЗД 2' }));
    await user.tab();

    expect(await screen.findByRole('textbox', { name: 'Назва: УЗД 3' })).toHaveFocus();
    expect(card('Гастроскопія')).not.toBeInTheDocument();
  });

  it('renders every card at once where the browser cannot tell what is near the window', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    renderSections();

    for (const name of ['УЗД 1', 'УЗД 2', 'УЗД 3', 'Гастроскопія', 'Колоноскопія']) {
      expect(card(name)).toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: /показати поля/ })).not.toBeInTheDocument();
  });
});
