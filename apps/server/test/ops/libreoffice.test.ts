/**
 * CONTRACT 5.6: the CSV export opened by a real spreadsheet program. Debian's LibreOffice (headless)
 * reads the file the API sent and writes it back out; Hindi names survive, no hostile cell runs
 * as a formula, and a date is read as a date in TIME_ZONE (CONTRACT 6.6). .ci/run installs LibreOffice (libreoffice-calc-nogui) when it is missing.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildStudent } from '../factories';
import { createTestApp, TEST_DIALECT, type TestApp } from '../harness';

const SOFFICE = ['/usr/bin/soffice', '/usr/bin/libreoffice'].find((p) => fs.existsSync(p));
const why =
  TEST_DIALECT !== 'sqlite'
    ? 'the file is the same on both dialects: runs in the server-sqlite project'
    : !SOFFICE
      ? 'needs LibreOffice: apt-get install libreoffice-calc-nogui (.ci/run does)'
      : undefined;

/** RFC 4180 records of a CSV text. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** LibreOffice opens `file` as UTF-8 CSV (what a user picks, and what the byte-order mark tells the import dialog) and saves it as `to`. */
function convert(file: string, dir: string, to: string) {
  const run = spawnSync(
    SOFFICE as string,
    [
      `-env:UserInstallation=file://${dir}/profile`,
      '--headless',
      '--infilter=CSV:44,34,76',
      '--convert-to',
      to,
      '--outdir',
      path.join(dir, 'out'),
      file,
    ],
    { encoding: 'utf8', timeout: 120_000 },
  );
  expect(run.status, run.stderr).toBe(0);
}

describe.skipIf(why !== undefined)(`the CSV export in LibreOffice${why ? ` (skipped: ${why})` : ''}`, () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bitc-soffice-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads back Hindi names and hostile descriptions as the text they are', async () => {
    const student = await buildStudent(t, { name: 'राहुल शर्मा' });
    const admin = await buildAdmin(t);
    // 19:23:49.081 UTC on 15 January is 00:53:49 on the 16th in TIME_ZONE (Asia/Kolkata)
    t.clock.set(Date.UTC(2026, 0, 15, 19, 23, 49, 81));
    const hostile = [
      '=HYPERLINK("http://evil.example","click")',
      '+1+2',
      '-3',
      '@SUM(A1:A2)',
      'पंखा, "बहुत" धीमा',
    ];
    for (const description of hostile) {
      const res = await t.request({
        method: 'POST',
        url: '/api/complaints',
        token: student.token,
        payload: { type: 'Hostel', hostelNo: 4, roomNo: '12', subType: 'Fan', description },
      });
      expect(res.status).toBe(201);
    }
    const res = await t.request({
      method: 'GET',
      url: '/api/complaints/admin/export.csv',
      token: admin.token,
    });
    expect(res.status).toBe(200);
    const file = path.join(dir, 'complaints.csv');
    fs.writeFileSync(file, String(res.body));
    const out = path.join(dir, 'out');
    convert(file, dir, 'csv:Text - txt - csv (StarCalc):44,34,76');
    const rows = parseCsv(fs.readFileSync(path.join(out, 'complaints.csv'), 'utf8').replace(/^\uFEFF/, ''));
    const header = rows[0] as string[];
    const col = (name: string) => header.indexOf(name);
    const data = rows.slice(1).filter((r) => r.length > 1);
    expect(data).toHaveLength(hostile.length);
    for (const r of data) expect(r[col('student')]).toBe('राहुल शर्मा');
    // newest first; every formula-like description stays text, with the export's quote in front
    const descriptions = data.map((r) => r[col('description')]).reverse();
    expect(descriptions).toEqual(hostile.map((d) => (/^[=+\-@]/.test(d) ? `'${d}` : d)));
    for (const r of data) expect(r[col('createdAt')]).toBe('2026-01-16 00:53:49');

    // the same file saved as a spreadsheet (flat ODF) says what each cell was read as: the dates
    // are dates (a number the sheet can sort and subtract), on the day and at the time in India
    convert(file, dir, 'fods');
    const sheet = fs.readFileSync(path.join(out, 'complaints.fods'), 'utf8');
    const cells = [...sheet.matchAll(/<table:table-cell\b[^>]*>/g)].map((m) => m[0]);
    const dates = cells.filter((c) => c.includes('office:value-type="date"'));
    // equal cells side by side are written once, with how many columns they stand for
    const valuesOf = (c: string) =>
      Array(Number(/table:number-columns-repeated="(\d+)"/.exec(c)?.[1] ?? 1)).fill(
        /office:date-value="([^"]+)"/.exec(c)?.[1],
      );
    // createdAt and updatedAt of each complaint at the filing, dueAt 72 hours later
    expect(dates.flatMap(valuesOf).sort()).toEqual([
      ...Array(hostile.length * 2).fill('2026-01-16T00:53:49'),
      ...Array(hostile.length).fill('2026-01-19T00:53:49'),
    ]);
  }, 150_000);
});
