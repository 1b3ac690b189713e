import { vi } from 'vitest';

/**
 * Stands in for XMLHttpRequest (jsdom's would try the network): each request is recorded when sent,
 * and the test drives it, reporting upload progress and then answering.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  /** Called on every send, to answer at once or later. */
  static onSend: ((xhr: FakeXhr) => void) | undefined;

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  withCredentials = false;
  status = 0;
  responseText = '';
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }

  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
    FakeXhr.onSend?.(this);
  }

  /** The file the multipart body carries under `field`. */
  file(field = 'file') {
    return (this.body as FormData).get(field) as File;
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }

  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.();
  }

  fail() {
    this.onerror?.();
  }
}

/** Replaces XMLHttpRequest with FakeXhr; `onSend` answers each request. Undone by vi.unstubAllGlobals. */
export function mockXhr(onSend?: (xhr: FakeXhr) => void) {
  FakeXhr.sent = [];
  FakeXhr.onSend = onSend;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr;
}
