import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

const INDEX =
  '<!doctype html><html><head><title>BIT</title></head><body><div id="root"><main><div class="shell-line"></div></main></div></body></html>';

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
  fs.writeFileSync(
    path.join(webDist, 'route-headings.json'),
    JSON.stringify({
      '/complaint-status': 'Track Complaint Status',
      '/reports': 'Reports',
      // never written by the build either: a heading is text, whatever it holds
      '/team': '<img src=x onerror=alert(1)>',
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

describe("the static shell's heading", () => {
  it("shows the screen's own heading in place of the grey bar, before any script runs", async () => {
    const html = await page('/complaint-status?token=CMP-ABCDEFGHJK');
    expect(html).toContain('<main><h1 class="shell-heading">Track Complaint Status</h1></main>');
    expect(html).not.toContain('shell-line');
    // a screen with a heading and no preloads of its own
    expect(await page('/reports')).toContain('<h1 class="shell-heading">Reports</h1>');
  });

  it('keeps the grey bar on a screen whose heading depends on who is signed in', async () => {
    const html = await page('/student-dashboard');
    expect(html).toContain('<div class="shell-line"></div>');
    expect(html).not.toContain('shell-heading');
  });

  it('writes a heading as text, never as markup', async () => {
    const html = await page('/team');
    expect(html).toContain('<h1 class="shell-heading">&#60;img src=x onerror=alert(1)&#62;</h1>');
    expect(html).not.toContain('<img');
  });
});
