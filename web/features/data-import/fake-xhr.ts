import { vi } from 'vitest';

type Listener = (event: ProgressEvent) => void;

/**
 * A stand-in for XMLHttpRequest in component tests: records what was sent and lets the test
 * report upload progress and answer.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  private listeners = new Map<string, Listener[]>();
  private uploadListeners: Listener[] = [];
  readonly upload = {
    addEventListener: (_type: string, listener: Listener) => this.uploadListeners.push(listener),
  };

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }

  progress(loaded: number, total: number) {
    const event = { lengthComputable: true, loaded, total } as ProgressEvent;
    for (const listener of this.uploadListeners) listener(event);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.emit('load');
  }
  fail() {
    this.emit('error');
  }
  private emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener({} as ProgressEvent);
  }
}

export function stubXhr() {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

/** The last upload sent. */
export function lastUpload(): FakeXhr {
  const xhr = FakeXhr.sent.at(-1);
  if (!xhr) throw new Error('No upload was sent');
  return xhr;
}
