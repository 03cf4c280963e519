import { renderToStaticMarkup } from 'react-dom/server';
import { ShellContextProvider, ToastProvider, type ShellContextValue } from '@huddle/ui';
import { createLiveEventHub, SHELL_CONTRACT_VERSION } from '@huddle/ui/shell-contract';
import { VideoChatScreen } from '../VideoChatScreen';

const shell: ShellContextValue = {
  version: SHELL_CONTRACT_VERSION,
  role: 1,
  account: null,
  navigate: () => undefined,
  apiBase: '/api/v1',
  logout: () => undefined,
  setUnread: () => undefined,
  setAccount: () => undefined,
  refreshAccount: async () => undefined,
  endSession: () => undefined,
  events: createLiveEventHub(),
};

describe('/chat/{id}', () => {
  it('first shows that it is joining, with a way back and no video yet', () => {
    const html = renderToStaticMarkup(
      <ShellContextProvider value={shell} requires={SHELL_CONTRACT_VERSION}>
        <ToastProvider>
          <VideoChatScreen params={{ id: '0b5e3c1a-8a57-4f1e-9d43-2f0f8c7e9a10' }} />
        </ToastProvider>
      </ShellContextProvider>,
    );
    expect(html).toContain('Video chat');
    expect(html).toContain('Joining the video chat');
    expect(html).toContain('aria-label="Back"');
    expect(html).not.toContain('<video');
  });
});
