import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

const INDEX = '<!doctype html><html><head><title>BIT</title></head><body><div id="root"></div></body></html>';

let web: TestApp;
beforeAll(async () => {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'bitc-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
  fs.writeFileSync(
    path.join(webDist, 'route-preloads.json'),
    JSON.stringify({
      '/student-login': ['/assets/student-login-abc.js', '/assets/form-def.js'],
      '/complaint-status': ['/assets/complaint-status-123.js'],
      // never written by the build: whatever is not a plain asset path stays out of the page
      '/team': ['/assets/"><script>alert(1)</script>.js', 'https://elsewhere.example/x.js'],
    }),
  );
  web = await createTestApp({ config: { webDist } });
});
afterAll(() => web.close());

const page = async (url: string) => {
  const res = await web.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/html');
  return res.body;
};

describe('index.html for a screen', () => {
  it("names the screen's own JavaScript as modulepreload links, so a phone fetches it beside the entry", async () => {
    const html = await page('/student-login');
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/student-login-abc.js"><link rel="modulepreload" crossorigin href="/assets/form-def.js"></head>',
    );
  });

  it('finds the screen with a query string or a trailing slash', async () => {
    expect(await page('/complaint-status?token=CMP-ABCDEFGHJK')).toContain('/assets/complaint-status-123.js');
    expect(await page('/student-login/')).toContain('/assets/student-login-abc.js');
  });

  it('is index.html as built for a path with no screen of its own', async () => {
    expect(await page('/no-such-screen')).toBe(INDEX);
    expect(await page('/')).toBe(INDEX);
  });

  it('leaves out anything in the preload list that is not an asset path', async () => {
    const html = await page('/team');
    expect(html).not.toContain('script>alert');
    expect(html).not.toContain('elsewhere.example');
    expect(html).not.toContain('modulepreload');
  });
});
