import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { openDatabase } from '../../src/db/database';
import { manualClock } from '../../src/lib/clock';
import { buildAdmin, buildAuthority, buildStudent } from '../factories';
import { TEST_DIALECT, type TestApp, testConfig } from '../harness';
import { multipart } from '../multipart';

/**
 * Every query the list, filter, count and lookup endpoints run is planned without a scan of the
 * complaints table and without sorting: each is an index range walk that stops after one page.
 * (SQLite's plans do not depend on table size, so a small database shows the plan a big one gets.)
 */
if (TEST_DIALECT === 'sqlite') {
  describe('query plans', () => {
    const seen: { sql: string; params: readonly unknown[] }[] = [];
    let t: TestApp;
    let raw: SQLite.Database;

    beforeAll(async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bitc-plans-'));
      const database = openDatabase({ dataDir, onQuery: (sql, params) => seen.push({ sql, params }) });
      const clock = manualClock();
      const config = testConfig(dataDir);
      const app = await buildApp(config, {
        database,
        clock,
        logger: false,
        mailSender: false,
        validateResponses: true,
      });
      const db = { database, url: undefined, dataDir, drop: async () => database.close() };
      t = {
        app,
        ctx: app.ctx,
        clock,
        config,
        db,
        request: async () => ({ status: 0, body: null, headers: {} }),
        close: async () => {
          await app.close();
          await database.close();
        },
      };
      raw = new SQLite(path.join(dataDir, 'complaints.db'), { readonly: true });
    });
    afterAll(async () => {
      raw.close();
      await t.close();
    });

    async function plansFor(url: string, token: string, table = 'complaints') {
      seen.length = 0;
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, url).toBe(200);
      return (
        seen
          // Kysely quotes the names it writes; the search's statements (raw SQL) do not
          .filter(
            (q) => new RegExp(`\\b(from|join) "?(${table})\\b`).test(q.sql) && q.sql.startsWith('select'),
          )
          .map((q) => ({
            sql: q.sql,
            plan: (
              raw.prepare(`explain query plan ${q.sql}`).all(...(q.params as unknown[])) as {
                detail: string;
              }[]
            )
              .map((r) => r.detail)
              .join(' | '),
          }))
      );
    }

    it('serves every list, filter and lookup from an index without sorting', async () => {
      const student = await buildStudent(t);
      const warden = await buildAuthority(t, 'Warden', { hostelNo: 5 });
      const network = await buildAuthority(t, 'Network Department');
      const other = await buildAuthority(t, 'Other');
      const admin = await buildAdmin(t);
      const filed = await t.app.inject({
        method: 'POST',
        url: '/api/complaints',
        headers: { authorization: `Bearer ${student.token}` },
        payload: {
          type: 'Hostel',
          hostelNo: 5,
          roomNo: '101',
          subType: 'Internet',
          description: 'No signal',
        },
      });
      const token = filed.json().token as string;
      const cases: [string, string][] = [
        [`/api/complaints/${token}`, student.token],
        ['/api/complaints/student?page=3', student.token],
        ['/api/complaints/authority?page=2', warden.token],
        ['/api/complaints/authority?status=Pending&page=2', warden.token],
        ['/api/complaints/authority?page=2', network.token],
        ['/api/complaints/authority?status=Resolved', network.token],
        ['/api/complaints/authority?status=Resolved', other.token],
        ['/api/complaints/admin/all?page=50', admin.token],
        ['/api/complaints/admin/all?hostelNo=5&page=50', admin.token],
        ['/api/complaints/admin/all?hostelNo=5&status=Resolved&page=50', admin.token],
        ['/api/complaints/admin/all?type=College&page=50', admin.token],
        ['/api/complaints/admin/all?type=College&status=Pending&page=50', admin.token],
        ['/api/complaints/admin/all?status=Rejected&page=50', admin.token],
        ['/api/complaints/admin/stats', admin.token],
        ['/api/complaints/authority?overdue=true&page=2', warden.token],
        ['/api/complaints/authority?overdue=true&status=Pending', network.token],
        ['/api/complaints/admin/all?overdue=true&page=50', admin.token],
        ['/api/complaints/admin/all?overdue=true&hostelNo=5', admin.token],
        ['/api/complaints/admin/all?overdue=true&type=College&status=In%20Progress', admin.token],
      ];
      let checked = 0;
      for (const [url, who] of cases) {
        for (const { sql, plan } of await plansFor(url, who)) {
          expect(plan, `${url}: ${sql}`).not.toMatch(/TEMP B-TREE/);
          // a bare "SCAN complaints" (no index) is only right when nothing filters and the
          // primary key order is the wanted order
          if (/ where /.test(sql)) expect(plan, `${url}: ${sql}`).not.toMatch(/SCAN complaints(?! USING)/);
          if (process.env.SHOW_PLANS) console.log(url, plan);
          checked++;
        }
      }
      expect(checked).toBeGreaterThanOrEqual(cases.length);
    });

    it('walks complaints_assignee_idx for assignee=me, newest first, and counts "Assigned to me" on it alone (CONTRACT 7.5)', async () => {
      const warden = await buildAuthority(t, 'Warden', { hostelNo: 5 });
      for (const url of [
        '/api/complaints/authority?assignee=me',
        '/api/complaints/authority?assignee=me&page=2',
        '/api/complaints/authority?assignee=me&status=Pending',
      ]) {
        const plans = (await plansFor(url, warden.token)).filter(({ sql }) => /assignee_id/.test(sql));
        expect(plans.length, url).toBeGreaterThan(0);
        for (const { sql, plan } of plans) {
          if (process.env.SHOW_PLANS) console.log(url, plan);
          expect(plan, `${url}: ${sql}`).toMatch(/complaints_assignee_idx \(assignee_id=\?/);
          expect(plan, `${url}: ${sql}`).not.toMatch(/TEMP B-TREE/);
          if (/count\(\*\)/.test(sql) && !/status/.test(sql))
            expect(plan, `${url}: ${sql}`).toMatch(/COVERING INDEX complaints_assignee_idx/);
        }
      }
      // assignee=none: the scope's own walk, newest first, each row's assignee read beside it
      const none = (await plansFor('/api/complaints/authority?assignee=none', warden.token)).filter(
        ({ sql }) => /assignee_id is null/.test(sql),
      );
      expect(none.length).toBeGreaterThan(0);
      for (const { sql, plan } of none) {
        if (process.env.SHOW_PLANS) console.log('assignee=none', plan);
        expect(plan, sql).not.toMatch(/SCAN complaints(?! USING)/);
      }
    });

    it("reads the authority's possible incidents from the last day's open unlinked complaints alone, and an incident's complaints from its own index", async () => {
      const warden = await buildAuthority(t, 'Warden', { hostelNo: 5 });
      const network = await buildAuthority(t, 'Network Department');
      const admin = await buildAdmin(t);
      for (const who of [warden, network, admin]) {
        const plans = await plansFor('/api/incidents/groups', who.token);
        expect(plans.length).toBeGreaterThan(0);
        // one range of the groupable complaints' index, no table row read: never a hostel's every
        // complaint, nor the day's closed or linked ones
        for (const { sql, plan } of plans) {
          expect(plan, sql).toMatch(
            /^SEARCH complaints USING COVERING INDEX complaints_groupable_idx \(created_at>\?\)$/,
          );
          expect(plan, sql).not.toMatch(/TEMP B-TREE/);
        }
      }
      for (const url of ['/api/complaints/authority?incident=1', '/api/complaints/admin/all?incident=1']) {
        const plans = (await plansFor(url, url.includes('admin') ? admin.token : warden.token)).filter(
          ({ sql }) => /incident_id/.test(sql),
        );
        expect(plans.length, url).toBeGreaterThan(0);
        for (const { sql, plan } of plans) expect(plan, `${url}: ${sql}`).toMatch(/complaints_incident_idx/);
      }
    });

    it('reads overdue lists and counts from the open complaints only, and the report from its indexes without sorting', async () => {
      const warden = await buildAuthority(t, 'Warden', { hostelNo: 5 });
      const admin = await buildAdmin(t);
      const openOnly = [
        ['/api/complaints/authority?overdue=true', warden.token],
        ['/api/complaints/admin/all?overdue=true', admin.token],
        ['/api/complaints/admin/all?overdue=true&type=Hostel', admin.token],
        ['/api/complaints/admin/stats', admin.token],
      ] as const;
      for (const [url, who] of openOnly) {
        const plans = (await plansFor(url, who)).filter(({ sql }) => /due_at/.test(sql));
        expect(plans.length, url).toBeGreaterThan(0);
        // partial indexes hold only Pending and In Progress complaints (a few percent of all), in
        // due-date order: a page walks the scope's overdue ones most overdue first (CONTRACT 6.6) and
        // stops at the page; a count takes the scope's not-yet-due ones as one range of due dates
        // (overdue = open counters less those)
        for (const { sql, plan } of plans)
          expect(plan, `${url}: ${sql}`).toMatch(
            // a count alone, or the stats' beside the counters
            /count\(\*\)/.test(sql)
              ? /SEARCH complaints USING COVERING INDEX complaints_due_\w*idx \((\w+=\? AND )?due_at>\?\)/
              : /^SEARCH complaints USING COVERING INDEX complaints_due_\w*idx \((\w+=\? AND )?due_at<\?\)$/,
          );
      }
      // partial months at both ends: whole months from the rollup's month rows, the rest from its
      // day rows (decision 0018); complaints are read only for what is open now
      const reports = [
        '/api/complaints/admin/report?from=2025-06-15&to=2026-06-14',
        '/api/complaints/admin/report?from=2025-06-15&to=2026-06-14&type=College',
        '/api/complaints/admin/report?from=2025-06-15&to=2026-06-14&hostelNo=5',
      ];
      for (const url of reports) {
        const plans = await plansFor(url, admin.token);
        // the overdue per hostel (College complaints have no hostel), four counts for the backlog
        expect(plans, url).toHaveLength(url.includes('College') ? 4 : 5);
        for (const { sql, plan } of plans) {
          if (process.env.SHOW_PLANS) console.log(url, plan);
          expect(plan, `${url}: ${sql}`).toMatch(/USING COVERING INDEX complaints_(open|due)_\w*idx/);
          // grouped in the hostel index's order: nothing sorted
          expect(plan, `${url}: ${sql}`).not.toMatch(/TEMP B-TREE/);
        }
        const rollup = await plansFor(url, admin.token, 'report_rollup');
        // six breakdowns for the whole months, six for each partial month's days
        expect(rollup.length, url).toBeGreaterThanOrEqual(12);
        for (const { sql, plan } of rollup) {
          if (process.env.SHOW_PLANS) console.log(url, plan);
          // a range of the rollup's key (or, for one hostel, of its index), never the whole table
          expect(plan, `${url}: ${sql}`).toMatch(
            url.includes('hostelNo')
              ? /SEARCH report_rollup USING COVERING INDEX report_rollup_hostel_idx \(hostel_no=\? AND kind=\? AND period>\? AND period<\?\)/
              : /SEARCH report_rollup USING PRIMARY KEY \(kind=\? AND period>\? AND period<\?\)/,
          );
        }
      }
    });

    it('enters the index at the keyset of a page read with before=, skipping nothing', async () => {
      const admin = await buildAdmin(t);
      const cases = [
        '/api/complaints/admin/all?page=900&before=400',
        '/api/complaints/admin/all?hostelNo=5&page=900&before=400',
        '/api/complaints/admin/all?hostelNo=5&status=Resolved&page=900&before=400',
        '/api/complaints/admin/all?type=College&status=Pending&page=900&before=400',
      ];
      for (const url of cases) {
        const plans = await plansFor(url, admin.token);
        const pageIds = plans.filter(({ sql }) => /^select "id" from "complaints"/.test(sql));
        expect(pageIds, url).toHaveLength(1);
        for (const { sql, plan } of pageIds) {
          expect(sql, url).not.toMatch(/offset \?/);
          expect(plan, `${url}: ${sql}`).not.toMatch(/TEMP B-TREE/);
          // the bound is part of the index search, not a filter applied to every entry walked
          expect(plan, `${url}: ${sql}`).toMatch(
            /SEARCH complaints USING (COVERING INDEX \w+ \(.*id<\?\)|INTEGER PRIMARY KEY \(rowid<\?\))/,
          );
        }
      }
    });

    it('pages overdue lists most overdue first from the due-date indexes, the keyset a seek on (due_at, id)', async () => {
      const warden = await buildAuthority(t, 'Warden', { hostelNo: 5 });
      const network = await buildAuthority(t, 'Network Department');
      const admin = await buildAdmin(t);
      const cases: [string, string][] = [
        ['/api/complaints/authority?overdue=true&page=3&before=400', warden.token],
        ['/api/complaints/authority?overdue=true&status=Pending&page=3&before=400', network.token],
        ['/api/complaints/admin/all?overdue=true&page=3&before=400', admin.token],
        ['/api/complaints/admin/all?overdue=true&hostelNo=5&page=3&before=400', admin.token],
        ['/api/complaints/admin/all?overdue=true&type=College&status=In%20Progress&before=400', admin.token],
        ['/api/complaints/admin/export.csv?overdue=true&type=Hostel', admin.token],
      ];
      for (const [url, who] of cases) {
        const plans = (await plansFor(url, who)).filter(({ sql }) =>
          /^select "id" from "complaints"/.test(sql),
        );
        expect(plans, url).toHaveLength(1);
        for (const { sql, plan } of plans) {
          if (process.env.SHOW_PLANS) console.log(url, plan);
          expect(sql, url).toMatch(/order by "due_at" asc, "id" asc/);
          expect(plan, `${url}: ${sql}`).not.toMatch(/TEMP B-TREE/);
          // the page: one range of the scope's due-date index, entered after the keyset row
          expect(plan, `${url}: ${sql}`).toMatch(
            // SQLite names a pair's first column only: (due_at, id) > the keyset's, up to now
            url.includes('before=')
              ? /^SEARCH complaints USING COVERING INDEX complaints_due_\w*idx \((\w+=\? AND )?due_at>\? AND due_at<\?\) \| SCALAR SUBQUERY/
              : /^SEARCH complaints USING COVERING INDEX complaints_due_\w*idx \((\w+=\? AND )?due_at<\?\)$/,
          );
        }
      }
    });

    it('reads a period of filing days (from, to) as one range of the filing-time index, newest first', async () => {
      const admin = await buildAdmin(t);
      const period = 'from=2025-06-15&to=2026-06-14';
      const cases = [
        `/api/complaints/admin/all?${period}&page=2`,
        `/api/complaints/admin/all?${period}&hostelNo=5&status=Resolved`,
        `/api/complaints/admin/all?${period}&type=College&page=3&before=400`,
        `/api/complaints/admin/all?${period}&status=Pending&before=400`,
        `/api/complaints/admin/export.csv?${period}&type=Hostel`,
        `/api/complaints/admin/all?${period}&overdue=true&hostelNo=5`,
        `/api/complaints/admin/all?${period}&overdue=true&type=College&before=400`,
        `/api/complaints/admin/export.csv?${period}&overdue=true`,
      ];
      for (const url of cases) {
        const plans = await plansFor(url, admin.token);
        const pages = plans.filter(({ sql }) => /^select "id" from "complaints"/.test(sql));
        expect(pages, url).toHaveLength(1);
        for (const { sql, plan } of plans) {
          if (process.env.SHOW_PLANS) console.log(url, plan);
          expect(plan, `${url}: ${sql}`).not.toMatch(/TEMP B-TREE/);
          expect(plan, `${url}: ${sql}`).not.toMatch(/SCAN complaints/);
        }
        for (const { sql, plan } of pages) {
          if (url.includes('overdue')) {
            // the overdue ones of the scope, most overdue first, their filing time read from the index
            expect(plan, `${url}: ${sql}`).toMatch(
              /^SEARCH complaints USING COVERING INDEX complaints_due_\w*idx/,
            );
            continue;
          }
          expect(sql, url).toMatch(/order by "created_at" desc, "id" desc/);
          // the bounds are the index search itself, not filters over a walk: from the period's start
          // up to its end, or to the keyset (created_at, id), which then is the only upper bound (with
          // the end beside it SQLite seeks the end and walks every newer complaint to the keyset)
          expect(plan, `${url}: ${sql}`).toMatch(
            /^SEARCH complaints USING COVERING INDEX complaints_filed_idx \(created_at>\? AND created_at<\?\)/,
          );
          if (url.includes('before=')) expect(sql, url).not.toMatch(/"created_at" < \?/);
        }
        // the count of a period with overdue: the open complaints filed then, one range
        const counts = plans.filter(({ sql }) => sql.startsWith('select count'));
        if (url.includes('overdue') && url.includes('/all'))
          expect(
            counts.map((c) => c.plan),
            url,
          ).toEqual([
            expect.stringMatching(
              /^SEARCH complaints USING COVERING INDEX complaints_open_age_idx \(created_at>\? AND created_at<\?\)$/,
            ),
          ]);
        // without overdue the count is the rollup's, as the report's filed
        if (!url.includes('overdue') && url.includes('/all')) {
          expect(counts, url).toEqual([]);
          const rollup = await plansFor(url, admin.token, 'report_rollup');
          expect(rollup.length, url).toBeGreaterThan(0);
          for (const { sql, plan } of rollup)
            expect(plan, `${url}: ${sql}`).toMatch(
              /^SEARCH report_rollup USING (PRIMARY KEY|COVERING INDEX report_rollup_hostel_idx)/,
            );
        }
      }
    });

    it("reads a small period's complaints whole for the report's exact percentiles, from the filing-time index", async () => {
      const admin = await buildAdmin(t);
      // the default period ends today: it holds the complaints the tests above filed
      for (const url of [
        '/api/complaints/admin/report',
        '/api/complaints/admin/report?hostelNo=5',
        '/api/complaints/admin/report?type=Hostel',
      ]) {
        const read = (await plansFor(url, admin.token)).filter(({ sql }) => /"resolved_at"/.test(sql));
        expect(read, url).toHaveLength(1);
        for (const { sql, plan } of read) {
          if (process.env.SHOW_PLANS) console.log(url, plan);
          // one range of filing times; a hostel or type read from the index before any row is
          expect(plan, `${url}: ${sql}`).toMatch(
            /^SEARCH complaints USING INDEX complaints_filed_idx \(created_at>\? AND created_at<\?\)$/,
          );
          expect(sql, url).toMatch(/limit \?$/);
        }
      }
    });

    it("searches (q) newest first from the text index alone, or from a key word's own indexes, inside the list scope, never scanning complaints", async () => {
      const student = await buildStudent(t);
      const warden = await buildAuthority(t, 'Warden', { hostelNo: 5 });
      const network = await buildAuthority(t, 'Network Department');
      const admin = await buildAdmin(t);
      const filed = await t.app.inject({
        method: 'POST',
        url: '/api/complaints',
        headers: { authorization: `Bearer ${student.token}` },
        payload: {
          type: 'Hostel',
          hostelNo: 5,
          roomNo: '101',
          subType: 'Internet',
          description: 'No signal',
        },
      });
      expect(filed.statusCode).toBe(201);
      // 101 is that complaint's room number: a key word
      const cases: [string, string, 'text' | 'keys' | 'ordered'][] = [
        ['/api/complaints/student?q=signal', student.token, 'text'],
        ['/api/complaints/authority?q=no%20signal', warden.token, 'text'],
        ['/api/complaints/authority?q=signal&status=Pending', network.token, 'text'],
        ['/api/complaints/admin/all?q=signal&hostelNo=5&page=2', admin.token, 'text'],
        ['/api/complaints/admin/all?q=signal&type=College&before=400', admin.token, 'text'],
        ['/api/complaints/admin/all?q=signal%20101', admin.token, 'keys'],
        ['/api/complaints/admin/all?q=101', admin.token, 'keys'],
        ['/api/complaints/authority?q=101', warden.token, 'keys'],
        ['/api/complaints/authority?q=signal&overdue=true', warden.token, 'ordered'],
        ['/api/complaints/admin/all?q=signal&from=2026-01-01&to=2026-01-31', admin.token, 'ordered'],
      ];
      for (const [url, who, shape] of cases) {
        const plans = await plansFor(url, who, 'complaints|complaint_search');
        if (process.env.SHOW_PLANS) for (const p of plans) console.log(url, p.sql, '\n   ', p.plan);
        // which words are a key: three index seeks a word, once for the page and its count
        const probe = plans.filter(({ sql }) => /exists \(select 1 from complaints where token/.test(sql));
        expect(probe, url).toHaveLength(1);
        for (const { plan } of probe) {
          expect(plan).toMatch(/complaints_token_unique|sqlite_autoindex_complaints/);
          expect(plan).toMatch(/complaints_roll_lower_idx/);
          expect(plan).toMatch(/complaints_room_lower_idx/);
        }
        // newest first, the page and its count from one read of the first 1,001 (decision 0025);
        // in due order or a period's, the page and a count that stops after 1,001
        const read = plans.filter(
          ({ sql }) => /complaint_search/.test(sql) && !probe.some((p) => p.sql === sql),
        );
        expect(read, url).toHaveLength(shape === 'ordered' ? 2 : 1);
        for (const { sql } of read) expect(sql, url).toMatch(/limit \?( offset \?)?\)?( as found)?$/);
        for (const { sql, plan } of read) {
          const said = `${url}: ${sql}\n${plan}`;
          expect(plan, said).not.toMatch(/SCAN complaints(?! USING)/);
          if (shape === 'text') {
            // the text index walked first, newest first, each of its complaints sought by id (an
            // admin's count of every complaint is the text index's alone)
            expect(plan, said).toMatch(
              /^SCAN complaint_search VIRTUAL TABLE INDEX \d+:M1<?( \| SEARCH complaints USING (INTEGER PRIMARY KEY|COVERING INDEX) [^|]*)?$/,
            );
          } else if (shape === 'keys') {
            // a key word's complaints (its indexes and its text) lead; a scope's room number is one
            // range of the room index, that hostel's alone
            expect(plan, said).toMatch(
              who === warden.token
                ? /complaints_room_lower_idx \(<expr>=\? AND hostel_no=\?\)/
                : /complaints_room_lower_idx \(<expr>=\?\)/,
            );
            expect(plan, said).toMatch(/VIRTUAL TABLE INDEX/);
          } else {
            // words that are no key: the text index, as a condition of the list's own walk
            expect(plan, said).toMatch(/VIRTUAL TABLE INDEX/);
          }
        }
      }
    });

    it("searches the incidents list (q) through its complaints' text and key indexes, never scanning complaints", async () => {
      const warden = await buildAuthority(t, 'Warden', { hostelNo: 5 });
      const admin = await buildAdmin(t);
      for (const [url, who] of [
        ['/api/incidents?q=signal', warden.token],
        ['/api/incidents?q=no%20signal&status=Pending', admin.token],
      ] as const) {
        const plans = (await plansFor(url, who, 'incidents')).filter(({ sql }) =>
          /complaint_search/.test(sql),
        );
        // the page and its count
        expect(plans, url).toHaveLength(2);
        for (const { sql, plan } of plans) {
          expect(plan, `${url}: ${sql}`).toMatch(/VIRTUAL TABLE INDEX/);
          expect(plan, `${url}: ${sql}`).toMatch(/complaints_roll_lower_idx/);
          expect(plan, `${url}: ${sql}`).not.toMatch(/SCAN complaints(?! USING)/);
        }
      }
    });

    it('reads the grievance report (CONTRACT 7.4) from its covering index alone, a range of submission times per committee, sorting nothing', async () => {
      const admin = await buildAdmin(t);
      const plans = await plansFor(
        '/api/admin/grievances/report?from=2025-06-15&to=2026-06-14',
        admin.token,
        'grievances',
      );
      // a statement per month of the period (13), the median's working days (stored on each decided
      // grievance) aggregated with the counts
      expect(plans).toHaveLength(13);
      for (const { sql, plan } of plans) {
        if (process.env.SHOW_PLANS) console.log(plan);
        // no row is read (no subject, description or name could be), nothing is sorted
        expect(plan, sql).toMatch(
          /^SEARCH grievances USING COVERING INDEX grievances_report_days_idx \((ANY\(committee\)|committee=\?) AND created_at>\? AND created_at<\?\)$/,
        );
      }
    });

    it("walks a committee's grievances newest first on (committee, id), and its overdue ones from the oldest deadline on (committee, open_due_at, id), counts included, sorting nothing", async () => {
      const admin = await buildAdmin(t);
      const member = await buildAuthority(t, 'Other');
      const seated = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/committees/sgrc',
        headers: { authorization: `Bearer ${admin.token}` },
        payload: { members: [{ userId: member.id, chair: true }] },
      });
      expect(seated.statusCode).toBe(200);
      const student = await buildStudent(t);
      for (let i = 0; i < 3; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/grievances',
          headers: { authorization: `Bearer ${student.token}` },
          payload: {
            category: 'Examination and results',
            subject: `Result withheld ${i}`,
            description: 'The result of my end semester examination is withheld without a reason.',
          },
        });
        expect(res.statusCode).toBe(201);
      }
      // the page's ids walk the index in the page's order and stop after it; the overdue count is one
      // range of a covering index with the committee leading; the unfiltered page's total is read
      // from the kept counts (migration 027), no count over the grievances
      const overdueRange =
        /^SEARCH g USING COVERING INDEX grievances_committee_due_idx \(committee=\? AND open_due_at>\? AND open_due_at<\?\)$/;
      const cases = [
        [
          '/api/grievances?page=1',
          /^SEARCH g USING COVERING INDEX grievances_committee_idx \(committee=\?\)$/,
          null,
        ],
        [
          '/api/grievances?page=2',
          /^SEARCH g USING COVERING INDEX grievances_committee_idx \(committee=\?\)$/,
          null,
        ],
        ['/api/grievances?overdue=true', overdueRange, overdueRange],
        ['/api/grievances?overdue=true&page=2', overdueRange, overdueRange],
      ] as const;
      for (const [url, page, count] of cases) {
        const plans = await plansFor(url, member.token, 'grievances');
        const counted = plans.filter(({ sql }) => /count\(\*\)/.test(sql));
        const paged = plans.filter(({ sql }) => /order by/.test(sql));
        expect(counted, url).toHaveLength(count === null ? 0 : 1);
        expect(paged, url).toHaveLength(1);
        if (count !== null) expect(counted[0]!.plan, `${url}: ${counted[0]!.sql}`).toMatch(count);
        expect(paged[0]!.plan, `${url}: ${paged[0]!.sql}`).toMatch(page);
        // and the page's rows, by id
        for (const { sql, plan } of plans)
          expect(plan, `${url}: ${sql}`).not.toMatch(/TEMP B-TREE|SCAN g(?! USING)/);
      }
    });

    it("reads a page of a hostel's notices (its own and the whole-college ones) in order, without sorting", async () => {
      const admin = await buildAdmin(t);
      for (const hostel of ['5', 'all', '6', 'all', '5']) {
        const body = await multipart({ title: `For ${hostel}`, message: 'Notice', hostel });
        const posted = await t.app.inject({
          method: 'POST',
          url: '/api/notifications',
          headers: { authorization: `Bearer ${admin.token}`, ...body.headers },
          payload: body.payload,
        });
        expect(posted.statusCode).toBe(201);
      }
      const plans = await plansFor('/api/notifications/5?page=1', admin.token, 'notifications');
      expect(plans.length).toBeGreaterThanOrEqual(2);
      for (const { sql, plan } of plans) expect(plan, sql).not.toMatch(/TEMP B-TREE/);
      const keyset = await plansFor('/api/notifications/5?page=2&before=4', admin.token, 'notifications');
      for (const { sql, plan } of keyset) expect(plan, sql).not.toMatch(/TEMP B-TREE/);
      expect(keyset.some(({ plan }) => /hostel=\? AND id<\?/.test(plan))).toBe(true);
      const res = await t.app.inject({ method: 'GET', url: '/api/notifications/5' });
      const titles = res.json().data.map((n: { title: string }) => n.title);
      // newest first, hostel 6's left out
      expect(titles.slice(0, 4)).toEqual(['For 5', 'For all', 'For all', 'For 5']);
    });
  });
}
