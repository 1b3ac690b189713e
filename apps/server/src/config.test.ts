import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('gives a working single-machine setup with no variables set', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('127.0.0.1');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toMatch(/data$/);
    expect(c.studentEmailDomain).toBe('bitmesra.ac.in');
    expect(c.authorityApproval).toBe('admin');
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.mailFrom).toBe('BIT Mesra Complaint System <no-reply@bitmesra.ac.in>');
    expect(c.workers).toBe(Math.min(os.availableParallelism(), 8));
  });

  it('keeps time in Asia/Kolkata with due dates 72 and 168 hours out unless told otherwise', () => {
    const c = loadConfig({});
    expect([c.timeZone, c.slaHoursHostel, c.slaHoursCollege]).toEqual(['Asia/Kolkata', 72, 168]);
    const d = loadConfig({ TIME_ZONE: 'Europe/London', SLA_HOURS_HOSTEL: '24', SLA_HOURS_COLLEGE: '48' });
    expect([d.timeZone, d.slaHoursHostel, d.slaHoursCollege]).toEqual(['Europe/London', 24, 48]);
  });

  it('takes Monday to Friday as the working week unless WORKING_DAYS says otherwise', () => {
    expect(loadConfig({}).workingDays).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']);
    expect(loadConfig({ WORKING_DAYS: 'Mon,Tue,Wed,Thu,Fri,Sat' }).workingDays).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
    ]);
    expect(loadConfig({ WORKING_DAYS: 'Sun, Thu,Mon' }).workingDays).toEqual(['Mon', 'Thu', 'Sun']);
    expect(() => loadConfig({ WORKING_DAYS: 'Mon,Funday' })).toThrow(
      /WORKING_DAYS="Mon,Funday": "Funday" is not a day/,
    );
  });

  it('serves metrics only when METRICS_TOKEN is set, and never echoes a refused token', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16) }).metricsToken).toBe('a'.repeat(16));
    expect(() => loadConfig({ METRICS_TOKEN: 'secret-but-short' })).not.toThrow();
    expect(() => loadConfig({ METRICS_TOKEN: 'tooshort-secret' })).toThrow(/METRICS_TOKEN=\(hidden\): .*16/);
    expect(() => loadConfig({ METRICS_TOKEN: 'tooshort-secret' })).not.toThrow(/tooshort-secret/);
  });

  it('takes the VAPID pair both or neither, signs as MAIL_FROM unless VAPID_SUBJECT says otherwise, and reads PUSH_ALLOW_HOSTS', () => {
    const c = loadConfig({});
    expect(c.vapidKeys).toBeUndefined();
    expect(c.vapidSubject).toBe('mailto:no-reply@bitmesra.ac.in');
    expect(c.pushAllowHosts).toEqual([]);
    const pair = { VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`, VAPID_PRIVATE_KEY: 'A'.repeat(43) };
    expect(loadConfig(pair).vapidKeys).toEqual({
      publicKey: pair.VAPID_PUBLIC_KEY,
      privateKey: pair.VAPID_PRIVATE_KEY,
    });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(/VAPID_PRIVATE_KEY/);
    let refused = '';
    try {
      loadConfig({ ...pair, VAPID_PRIVATE_KEY: 'not-a-key-and-secret' });
    } catch (err) {
      refused = (err as Error).message;
    }
    expect(refused).toMatch(/VAPID_PRIVATE_KEY=\(hidden\)/);
    expect(refused).not.toContain('not-a-key-and-secret');
    expect(loadConfig({ VAPID_SUBJECT: 'https://cms.bitmesra.ac.in' }).vapidSubject).toBe(
      'https://cms.bitmesra.ac.in',
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'someone' })).toThrow(ConfigError);
    expect(loadConfig({ PUSH_ALLOW_HOSTS: 'Push.Test:8443, localhost:9000' }).pushAllowHosts).toEqual([
      'push.test:8443',
      'localhost:9000',
    ]);
    expect(() => loadConfig({ PUSH_ALLOW_HOSTS: 'push.test' })).toThrow(/PUSH_ALLOW_HOSTS/);
  });

  it('runs as many server processes as WORKERS says', () => {
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
    expect(loadConfig({ WORKERS: '3' }).workers).toBe(3);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['SMTP_URL', 'http://mail'],
    ['AUTHORITY_APPROVAL', 'sometimes'],
    ['STUDENT_EMAIL_DOMAIN', 'not a domain'],
    ['PUBLIC_URL', 'localhost'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '0'],
    ['TRUST_PROXY', '-1'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '127.0.0.1,proxy.example'],
    ['WORKERS', '0'],
    ['WORKERS', 'many'],
    ['TIME_ZONE', 'Mars/Olympus'],
    ['TIME_ZONE', 'IST+5:30'],
    ['WORKING_DAYS', 'Monday,Tuesday'],
    ['WORKING_DAYS', 'mon,tue'],
    ['WORKING_DAYS', 'Mon;Tue'],
    ['WORKING_DAYS', 'Mon,Mon'],
    ['WORKING_DAYS', ','],
    ['SLA_HOURS_HOSTEL', '0'],
    ['SLA_HOURS_HOSTEL', '1.5'],
    ['SLA_HOURS_COLLEGE', 'a week'],
    ['METRICS_TOKEN', 'too-short'],
    ['METRICS_TOKEN', 'has a space in the middle'],
  ])('stops with a message naming %s when it is %j', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('derives the public URL from the port and takes PostgreSQL from DATABASE_URL', () => {
    const c = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://u@h/db', AUTHORITY_APPROVAL: 'none' });
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.databaseUrl).toBe('postgres://u@h/db');
    expect(c.authorityApproval).toBe('none');
  });

  it('trusts no proxy unless TRUST_PROXY says how many there are or where they are', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses TRUST_PROXY=true, saying to give the number of proxies or their addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/number of proxies.*addresses/);
  });

  it('knows whether PUBLIC_URL was given, which decides the origins state-changing requests may come from', () => {
    expect(loadConfig({}).publicUrlSet).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://complaints.bitmesra.ac.in' }).publicUrlSet).toBe(true);
  });
});
