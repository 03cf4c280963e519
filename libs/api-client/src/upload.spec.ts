import { ApiError } from './api-error';
import { uploadFraction, uploadWithProgress } from './upload';

/** A stand-in XMLHttpRequest that answers as told once the body is sent. */
class FakeRequest {
  status = 0;
  responseText = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  opened: [string, string] | null = null;
  upload: { onprogress: ((event: { loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor(private readonly answer: (request: FakeRequest) => void) {}

  open(method: string, url: string) {
    this.opened = [method, url];
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send() {
    this.upload.onprogress?.({ loaded: 50, total: 100 });
    this.answer(this);
  }

  abort() {
    this.onabort?.();
  }
}

function run(answer: (request: FakeRequest) => void, onProgress?: (fraction: number) => void) {
  const fake = new FakeRequest(answer);
  const promise = uploadWithProgress<{ path: string }>({
    url: '/api/v1/user/upload-photo',
    form: new FormData(),
    onProgress,
    createRequest: () => fake as unknown as XMLHttpRequest,
  });
  return { fake, promise };
}

describe('uploadWithProgress', () => {
  it('reports progress and resolves with the JSON reply, sending the session cookie', async () => {
    const progress: number[] = [];
    const { fake, promise } = run((request) => {
      request.status = 200;
      request.responseText = JSON.stringify({ path: '/media/a.jpg' });
      request.onload?.();
    }, (fraction) => progress.push(fraction));
    await expect(promise).resolves.toEqual({ path: '/media/a.jpg' });
    expect(progress).toEqual([0.5, 1]);
    expect(fake.withCredentials).toBe(true);
    expect(fake.opened).toEqual(['POST', '/api/v1/user/upload-photo']);
  });

  it('turns an error envelope into an ApiError with the server message', async () => {
    const { promise } = run((request) => {
      request.status = 415;
      request.responseText = JSON.stringify({
        status_response: { status: 415, response_message: 'Image must be a jpg, jpeg or png file', response_internal_code: 1415 },
      });
      request.onload?.();
    });
    await expect(promise).rejects.toMatchObject({ code: 1415, message: 'Image must be a jpg, jpeg or png file', status: 415 });
  });

  it('fails with code -1 without a reply and with the status and text for a non-JSON reply', async () => {
    await expect(run((request) => request.onerror?.()).promise).rejects.toMatchObject({ code: -1 });
    const failure = run((request) => {
      request.status = 502;
      request.responseText = 'Bad gateway';
      request.onload?.();
    }).promise;
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: 502, message: 'Bad gateway' });
  });

  it('computes the sent share, 0 while the total is unknown', () => {
    expect(uploadFraction(5, 10)).toBe(0.5);
    expect(uploadFraction(5, 0)).toBe(0);
    expect(uploadFraction(20, 10)).toBe(1);
  });
});
