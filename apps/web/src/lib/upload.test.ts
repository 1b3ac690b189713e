import { TOKEN_STORAGE_KEY } from '@bit/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockXhr } from '../test/fake-xhr';
import { ApiError, setUnauthorizedHandler } from './api-client';
import { upload } from './upload';

const unauthorized = vi.fn();

beforeEach(() => {
  setUnauthorizedHandler(unauthorized);
  localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
});

afterEach(() => {
  unauthorized.mockReset();
  vi.unstubAllGlobals();
});

const photoForm = () => {
  const body = new FormData();
  body.append('file', new File(['x'], 'fan.jpg', { type: 'image/jpeg' }));
  return body;
};

describe('upload', () => {
  it('posts the form under /api with the bearer token and cookies, and reports progress as it goes', async () => {
    const xhr = mockXhr();
    const progress: number[] = [];
    const done = upload<{ data: { id: number } }>('/complaints/7/attachments', photoForm(), {
      onProgress: (f) => progress.push(f),
    });
    const [request] = xhr.sent;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/complaints/7/attachments');
    expect(request?.withCredentials).toBe(true);
    expect(request?.headers.authorization).toBe('Bearer tok');
    expect(request?.file().name).toBe('fan.jpg');
    request?.progress(25, 100);
    request?.progress(100, 100);
    request?.respond(201, { data: { id: 3 } });
    await expect(done).resolves.toEqual({ data: { id: 3 } });
    expect(progress).toEqual([0.25, 1]);
  });

  it("rejects with an ApiError carrying the server's message", async () => {
    mockXhr((x) => x.respond(415, { message: 'Only JPEG, PNG or WebP photos are allowed' }));
    const error = await upload('/complaints/7/attachments', photoForm()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 415, serverMessage: 'Only JPEG, PNG or WebP photos are allowed' });
  });

  it('signs the visitor out on a 401, as every other call does', async () => {
    mockXhr((x) => x.respond(401, { message: 'Please log in to continue' }));
    await expect(upload('/complaints/7/attachments', photoForm())).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(unauthorized).toHaveBeenCalledOnce();
  });

  it('rejects with a TypeError, as fetch does, when the connection fails', async () => {
    mockXhr((x) => x.fail());
    await expect(upload('/complaints/7/attachments', photoForm())).rejects.toBeInstanceOf(TypeError);
  });
});
