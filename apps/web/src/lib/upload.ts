import { baseHeaders, buildUrl, parseBody, refusal } from './api-client';

type TUploadOptions = {
  /** Called as the body goes out, with the share sent so far (0 to 1). */
  onProgress?: (fraction: number) => void;
};

/**
 * A multipart POST through the API client's rules (bearer token, cookies, `{ message }` errors, the
 * 401 rule), sent with XMLHttpRequest because fetch cannot report how much of a body has gone out:
 * a phone photo on a hostel's Wi-Fi takes long enough that the student must see it moving. Kept out
 * of api-client.ts so that only the screens that upload carry it.
 */
export function upload<T>(path: string, body: FormData, { onProgress }: TUploadOptions = {}) {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    xhr.withCredentials = true;
    baseHeaders().forEach((value, name) => {
      xhr.setRequestHeader(name, value);
    });
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const data = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject(refusal(path, xhr.status, data));
    };
    // as fetch does: a connection that fails is a TypeError, which carries no server message
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.send(body);
  });
}
