import { SHELL_CONTRACT_VERSION } from '@huddle/ui/shell-contract';
import { testShell } from '@huddle/ui/testing';
import { renderToStaticMarkup } from 'react-dom/server';
import { ShellContextProvider, ToastProvider } from '@huddle/ui';
import { VideoChatScreen } from '../VideoChatScreen';

const shell = testShell({ role: 1 });

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
