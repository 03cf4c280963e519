import { MESSAGES } from '@huddle/domain';

/** Whether a device list has a camera. */
export function hasVideoInput(devices: readonly Pick<MediaDeviceInfo, 'kind'>[]): boolean {
  return devices.some((device) => device.kind === 'videoinput');
}

/**
 * Whether this device has a camera (spec §4: no Join without one). A browser without
 * mediaDevices (an insecure page, an old browser) or one that refuses to list them has none.
 * Listing devices asks for no permission.
 */
export async function detectCamera(mediaDevices: Pick<MediaDevices, 'enumerateDevices'> | undefined): Promise<boolean> {
  if (!mediaDevices?.enumerateDevices) return false;
  try {
    return hasVideoInput(await mediaDevices.enumerateDevices());
  } catch {
    return false;
  }
}

/** The camera and microphone could not be opened: missing or refused reads as no camera, anything else as an error. */
export function cameraFailureMessage(error: unknown): string {
  const name = error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error) ? String((error as { name: unknown }).name) : '';
  return ['NotFoundError', 'NotAllowedError', 'DevicesNotFoundError', 'PermissionDeniedError', 'OverconstrainedError'].includes(name)
    ? MESSAGES.cameraNotRecognized
    : MESSAGES.videoCallError;
}
