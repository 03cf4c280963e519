import type { Page } from 'playwright-core';
import { signIn } from './support/accounts';
import { createAthleteByApi, type ApiAthlete } from './support/athletes';
import { bookAndPay, startInMinutes } from './support/booking';
import { screenshot } from './support/browser';
import { useJourney } from './support/journey';
import { accept, athletePage, requestOf, waitForStatus } from './support/request-pages';
import { SHELL_URL } from './support/stack';

const FAN = { email: 'fan@huddle.test', password: 'huddle-fan-2026' };

/** The signed-in member's full name, as the partner's screen names their video. */
async function nameOf(page: Page): Promise<string> {
  const { account } = await (await page.request.get(`${SHELL_URL}/api/v1/user/accounts`)).json();
  return `${account.first_name} ${account.last_name}`;
}

/** Decoded frames of the video with this accessible name, read in the page. */
function framesOf(page: Page, label: string): Promise<number> {
  return page.evaluate((name) => {
    const video = document.querySelector<HTMLVideoElement>(`video[aria-label="${name}"]`);
    if (!video) return -1;
    const decoded = (video as HTMLVideoElement & { webkitDecodedFrameCount?: number }).webkitDecodedFrameCount;
    return video.getVideoPlaybackQuality?.().totalVideoFrames ?? decoded ?? -1;
  }, label);
}

/** Waits until the video with this accessible name plays a picture (frames decoded, not paused). */
async function waitForPicture(page: Page, label: string): Promise<void> {
  await page.waitForFunction(
    (name) => {
      const video = document.querySelector<HTMLVideoElement>(`video[aria-label="${name}"]`);
      return Boolean(video && !video.paused && video.readyState >= 2 && video.videoWidth > 0);
    },
    label,
    { timeout: 30_000 },
  );
}

/** Waits for the page's transitions (a dialog fading in) to end, so a screenshot shows what the user sees. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** The athlete's API calls, as the athlete's own session makes them. */
async function athleteCall(athlete: ApiAthlete, path: string, id: string): Promise<void> {
  const response = await athlete.api.put(path, { params: { request_id: id } });
  if (!response.ok()) throw new Error(`PUT ${path}: HTTP ${response.status()} ${await response.text()}`);
}

/** A fan's video chat with a fresh athlete, booked and paid through the form, starting in `minutes`. */
async function bookChat(page: Page, firstName: string, minutes: number): Promise<{ athlete: ApiAthlete; id: string }> {
  const athlete = await createAthleteByApi(firstName);
  const id = await bookAndPay(page, athlete.id, 'video_chat', { start: startInMinutes(minutes) });
  return { athlete, id };
}

describe('video chat: a fan and an athlete meet on camera', () => {
  const journey = useJourney();

  it('the athlete starts the call, both see each other, the athlete finishes it and the fan is told', async () => {
    // The fan's page keeps every camera stream it opens, to see them all stopped after the call.
    await journey.context.addInitScript(() => {
      const devices = navigator.mediaDevices;
      const open = devices.getUserMedia.bind(devices);
      const opened: MediaStream[] = [];
      (window as Window & { openedStreams?: MediaStream[] }).openedStreams = opened;
      devices.getUserMedia = async (constraints) => {
        const stream = await open(constraints);
        opened.push(stream);
        return stream;
      };
    });
    const fan = journey.page;
    await signIn(fan, FAN.email, FAN.password);
    await fan.waitForURL(/\/dashboard/);
    const FAN_NAME = await nameOf(fan);
    const { athlete, id } = await bookChat(fan, 'Cam', 3);
    const athleteName = `${athlete.firstName} Journey`;

    const athleteSide = await athletePage(journey.browser, athlete, id);
    await accept(athleteSide);
    await waitForStatus(athlete, id, 2);
    // Its window is open (from 10 minutes before the booked time): the athlete starts the call and is taken to it.
    await athleteSide.getByRole('button', { name: 'Start video chat' }).click();
    await athleteSide.waitForURL(`${SHELL_URL}/chat/${id}`);
    await waitForStatus(athlete, id, 6);
    await athleteSide.getByRole('timer', { name: 'Time left' }).waitFor();

    // The fan is told on the live stream: Join chat appears on the request without a reload. A phone's width.
    await fan.setViewportSize({ width: 390, height: 844 });
    await fan.getByRole('button', { name: 'Join chat' }).click();
    await fan.waitForURL(`${SHELL_URL}/chat/${id}`);

    // Each sees the other's picture playing, with decoded frames rising.
    await waitForPicture(athleteSide, `${FAN_NAME} video`);
    await waitForPicture(fan, `${athleteName} video`);
    await waitForPicture(fan, 'Your camera');
    const before = { athlete: await framesOf(athleteSide, `${FAN_NAME} video`), fan: await framesOf(fan, `${athleteName} video`) };
    await fan.waitForTimeout(1_000);
    const after = { athlete: await framesOf(athleteSide, `${FAN_NAME} video`), fan: await framesOf(fan, `${athleteName} video`) };
    console.log(`decoded frames of the partner's video, one second apart: athlete ${before.athlete} -> ${after.athlete}, fan ${before.fan} -> ${after.fan}`);
    expect(after.athlete).toBeGreaterThan(before.athlete);
    expect(after.fan).toBeGreaterThan(before.fan);

    // Both count down to the same end: 5 minutes from the booked time, as the call started early.
    const booked = ((await requestOf(athlete, id)) as unknown as { event: { start_time: number } }).event.start_time;
    const expected = booked + 5 * 60 - Date.now() / 1000;
    for (const page of [athleteSide, fan]) {
      const shown = (await page.getByRole('timer', { name: 'Time left' }).textContent()) ?? '';
      expect(shown).toMatch(/^\d{2}:[0-5]\d$/);
      const [minutes, seconds] = shown.split(':').map(Number);
      expect(Math.abs((minutes as number) * 60 + (seconds as number) - expected)).toBeLessThanOrEqual(3);
    }
    await screenshot(athleteSide, 'video-chat-athlete-desktop');
    await screenshot(fan, 'video-chat-fan-phone');

    // The athlete finishes the call, after confirming, and is back on the request.
    await athleteSide.getByRole('button', { name: 'Finish call' }).click();
    const confirm = athleteSide.getByRole('dialog', { name: 'Finish call' });
    await confirm.waitFor();
    await settled(athleteSide);
    await screenshot(athleteSide, 'video-chat-finish-confirm');
    await confirm.getByRole('button', { name: 'Finish call' }).click();
    await athleteSide.waitForURL(`${SHELL_URL}/request/${id}`);

    // The fan's screen says so, and goes back to the request.
    const told = fan.getByRole('dialog').getByText('Your chat has been finished');
    await told.waitFor({ timeout: 20_000 });
    await settled(fan);
    await screenshot(fan, 'video-chat-finished-fan');
    await fan.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await fan.waitForURL(`${SHELL_URL}/request/${id}`);
    await fan.getByRole('region', { name: 'Actions' }).waitFor();

    const finished = await requestOf(athlete, id);
    expect(finished.status).toBe(5);
    expect(finished.video_chat_completed).toBe(true);
    // The fan's camera and microphone were released on leaving the call.
    const tracks = await fan.evaluate(() =>
      ((window as Window & { openedStreams?: MediaStream[] }).openedStreams ?? []).flatMap((stream) => stream.getTracks().map((track) => track.readyState)),
    );
    expect(tracks.length).toBeGreaterThan(0);
    expect(tracks.every((state) => state === 'ended')).toBe(true);
    await athleteSide.context().close();
  });

  it("without a camera, the request shows 'Camera is not recognized' and no Join; before its window, the athlete sees when it opens", async () => {
    // This context's device has a microphone and no camera.
    await journey.context.addInitScript(() => {
      const devices = navigator.mediaDevices;
      if (!devices) return;
      devices.enumerateDevices = async () => [{ deviceId: 'mic', groupId: 'g', kind: 'audioinput', label: '', toJSON: () => ({}) } as MediaDeviceInfo];
      devices.getUserMedia = async () => {
        throw new DOMException('Requested device not found', 'NotFoundError');
      };
    });
    const fan = journey.page;
    await signIn(fan, FAN.email, FAN.password);
    await fan.waitForURL(/\/dashboard/);

    const now = await bookChat(fan, 'Nocam', 3);
    await athleteCall(now.athlete, 'booking/request/accept', now.id);
    await athleteCall(now.athlete, 'booking/request/start-video-chat', now.id);
    await waitForStatus(now.athlete, now.id, 6);
    await fan.goto(`${SHELL_URL}/request/${now.id}`);
    await fan.getByText('Video chat in progress').waitFor();
    await fan.getByText('Camera is not recognized').waitFor();
    expect(await fan.getByRole('button', { name: 'Join chat' }).count()).toBe(0);
    await screenshot(fan, 'video-chat-no-camera-request');
    // The chat's own address says the same, and joins nothing.
    await fan.goto(`${SHELL_URL}/chat/${now.id}`);
    await fan.getByRole('heading', { name: 'Camera is not recognized' }).waitFor();
    expect(await fan.locator('video').count()).toBe(0);
    await screenshot(fan, 'video-chat-no-camera-chat');

    // A chat booked two hours ahead: accepted, the athlete's request says when the call can start, and offers no Start yet.
    const later = await bookChat(fan, 'Later', 120);
    const athleteSide = await athletePage(journey.browser, later.athlete, later.id);
    await accept(athleteSide);
    await waitForStatus(later.athlete, later.id, 2);
    await athleteSide.getByText(/^You can start the call from /).waitFor();
    expect(await athleteSide.getByRole('button', { name: 'Start video chat' }).count()).toBe(0);
    await screenshot(athleteSide, 'video-chat-opens-later-athlete');
    await athleteSide.context().close();
  });
});
