/**
 * @jest-environment jsdom
 */
import { act, useState } from 'react';
import { SegmentedControl } from './SegmentedControl';
import { domRoot } from './testing';

const PERIODS = [
  { id: 'weeks', label: 'Weeks' },
  { id: 'months', label: 'Months' },
] as const;

describe('SegmentedControl', () => {
  let dom: ReturnType<typeof domRoot>;
  beforeEach(() => {
    dom = domRoot();
  });
  afterEach(() => dom.close());

  function Chart() {
    const [period, setPeriod] = useState<'weeks' | 'months'>('weeks');
    return (
      <>
        <SegmentedControl label="Chart period" options={PERIODS} value={period} onChange={setPeriod} className="lr-switch" />
        <p>{period}</p>
      </>
    );
  }

  const pressed = () => [...dom.host.querySelectorAll('button')].map((button) => `${button.textContent}:${button.getAttribute('aria-pressed')}`);

  it('is a named group of buttons, the chosen one pressed, and a click chooses another', () => {
    dom.render(<Chart />);
    const group = dom.host.querySelector('[role="group"]');
    expect([group?.getAttribute('aria-label'), group?.className]).toEqual(['Chart period', 'hd-segmented lr-switch']);
    expect(pressed()).toEqual(['Weeks:true', 'Months:false']);
    // Ordinary buttons (not a tab list): each in the tab order, none submitting a form around it.
    expect([...dom.host.querySelectorAll('button')].map((button) => [button.type, button.tabIndex])).toEqual([
      ['button', 0],
      ['button', 0],
    ]);
    act(() => (dom.host.querySelectorAll('button')[1] as HTMLButtonElement).click());
    expect(pressed()).toEqual(['Weeks:false', 'Months:true']);
    expect(dom.host.querySelector('p')?.textContent).toBe('months');
  });
});
