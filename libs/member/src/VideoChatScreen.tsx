import { Page, Placeholder, useShell, type ScreenProps } from '@huddle/ui';

/** /chat/{id} (spec §2, §4): the live video chat of a video-chat request. */
export function VideoChatScreen({ params }: ScreenProps) {
  const { navigate } = useShell();
  const id = params.id ?? '';
  return (
    <Page title="Video chat" subtitle={`Request ${id}`} onBack={() => navigate(`/request/${id}`)}>
      <Placeholder title="Camera and microphone">
        Both sides join the call here; leaving returns to the request.
      </Placeholder>
    </Page>
  );
}
