import { renderToStaticMarkup } from 'react-dom/server';
import type { LiveEvent } from '@huddle/domain';
import { createLiveEventHub, SHELL_CONTRACT_VERSION, shellMeetsContract } from './shell-contract';
import { testShell } from './testing';
import { ShellContextProvider, useShell, type ShellContextValue } from './shell-context';

function notification(id: string): LiveEvent {
  return {
    type: 'notification',
    notification: {
      id,
      seq: Number(id),
      data: { title: 'Request accepted', text: 'Jordan accepted your shoutout', link: '/request/0b5e3c1a-8a57-4f1e-9d43-2f0f8c7e9a10' },
      is_read: false,
      user_id: '5a0c4f6e-3b1d-4c8e-9f2a-7d6e5c4b3a21',
      reference_id: '0b5e3c1a-8a57-4f1e-9d43-2f0f8c7e9a10',
      request_id: '0b5e3c1a-8a57-4f1e-9d43-2f0f8c7e9a10',
      request_type: 'shoutout',
      endorsement_campaign_id: null,
      created_at: 1772625600,
      updated_at: 1772625600,
    },
    unread_count: 1,
  };
}

describe('live event hub', () => {
  it('delivers every published event to every subscriber, in order', () => {
    const hub = createLiveEventHub();
    const first: LiveEvent[] = [];
    const second: LiveEvent[] = [];
    hub.subscribe((event) => first.push(event));
    hub.subscribe((event) => second.push(event));
    hub.publish(notification('1'));
    hub.publish(notification('2'));
    expect(first.map((event) => (event.type === 'notification' ? event.notification.id : null))).toEqual(['1', '2']);
    expect(second).toEqual(first);
  });

  it('stops delivering to a listener once it unsubscribes, and keeps the others', () => {
    const hub = createLiveEventHub();
    const gone = jest.fn();
    const kept = jest.fn();
    const unsubscribe = hub.subscribe(gone);
    hub.subscribe(kept);
    hub.publish(notification('1'));
    unsubscribe();
    unsubscribe();
    hub.publish(notification('2'));
    expect(gone).toHaveBeenCalledTimes(1);
    expect(kept).toHaveBeenCalledTimes(2);
  });

  it('counts each subscription of one function on its own', () => {
    const hub = createLiveEventHub();
    const listener = jest.fn();
    const unsubscribeOnce = hub.subscribe(listener);
    hub.subscribe(listener);
    hub.publish(notification('1'));
    unsubscribeOnce();
    hub.publish(notification('2'));
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('delivers to the listeners subscribed when the event came, minus those removed meanwhile', () => {
    const hub = createLiveEventHub();
    const late = jest.fn();
    const removed = jest.fn();
    let unsubscribeRemoved = () => {};
    hub.subscribe(() => {
      hub.subscribe(late);
      unsubscribeRemoved();
    });
    unsubscribeRemoved = hub.subscribe(removed);
    hub.publish(notification('1'));
    expect(late).not.toHaveBeenCalled();
    expect(removed).not.toHaveBeenCalled();
    hub.publish(notification('2'));
    expect(late).toHaveBeenCalledWith(notification('2'));
  });

  it('keeps delivering to the others when one listener throws', () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const hub = createLiveEventHub();
      const after = jest.fn();
      hub.subscribe(() => {
        throw new Error('broken screen');
      });
      hub.subscribe(after);
      hub.publish(notification('1'));
      expect(after).toHaveBeenCalledTimes(1);
      expect(logged).toHaveBeenCalledWith('A live event listener failed', expect.any(Error));
    } finally {
      logged.mockRestore();
    }
  });

  it('has nothing to deliver without publishers: subscribing alone never calls the listener', () => {
    const listener = jest.fn();
    createLiveEventHub().subscribe(listener);
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('shell contract version', () => {
  it('serves remotes built for its version or an earlier one', () => {
    expect(shellMeetsContract(SHELL_CONTRACT_VERSION, SHELL_CONTRACT_VERSION)).toBe(true);
    expect(shellMeetsContract(SHELL_CONTRACT_VERSION + 1, SHELL_CONTRACT_VERSION)).toBe(true);
    expect(shellMeetsContract(SHELL_CONTRACT_VERSION - 1, SHELL_CONTRACT_VERSION)).toBe(false);
  });

  it('treats a shell without a version (contract 1) as older than every versioned remote', () => {
    expect(shellMeetsContract(undefined, 2)).toBe(false);
  });

  function shellOf(version: number): ShellContextValue {
    return testShell({ version });
  }

  function Role() {
    return <p>role {useShell().role}</p>;
  }

  it('gives screens the shell when it meets the remote, and a reload prompt when it is older', () => {
    const current = renderToStaticMarkup(
      <ShellContextProvider value={shellOf(SHELL_CONTRACT_VERSION)} requires={SHELL_CONTRACT_VERSION}>
        <Role />
      </ShellContextProvider>,
    );
    expect(current).toContain('role 1');

    const older = renderToStaticMarkup(
      <ShellContextProvider value={shellOf(SHELL_CONTRACT_VERSION - 1)} requires={SHELL_CONTRACT_VERSION}>
        <Role />
      </ShellContextProvider>,
    );
    expect(older).not.toContain('role 1');
    expect(older).toContain('Huddle was updated');
  });
});
