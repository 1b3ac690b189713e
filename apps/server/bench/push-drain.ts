// The push queue's drain (issue 36): 1,000 events, each queued as a real event queues its push
// (notify, in its own transaction), delivered by one sender to the test push service on loopback,
// which checks every VAPID signature and decrypts every payload as a real one would.
//   npx tsx bench/push-drain.ts [--events 1000] [--browsers 1]
// SQLite (a temp file), in this process; `npm run bench` runs it after the load scenarios.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { statusMail } from '../src/delivery/mail/templates/complaints';
import { notify, recipientsByIds } from '../src/delivery/notify';
import { startPushSender } from '../src/delivery/push/sender';
import { vapidKeys } from '../src/services/accounts/push-subscriptions';
import { buildAuthority, buildStudent } from '../test/factories';
import { createTestApp } from '../test/harness';
import { startTestPushService } from '../test/push-service';

export interface PushDrainResult {
  events: number;
  pushes: number;
  queueSeconds: number;
  drainSeconds: number;
  pushesPerSecond: number;
}

export async function drainPushes(events = 1000, browsers = 1): Promise<PushDrainResult> {
  const service = await startTestPushService();
  // an SMTP_URL, as in production: no development copy of each push is written
  const t = await createTestApp({
    config: { pushAllowHosts: [service.host], smtpUrl: 'smtp://127.0.0.1:1' },
  });
  try {
    service.expectKey((await t.request({ method: 'GET', url: '/api/push/key' })).body.key);
    const student = await buildStudent(t);
    await buildAuthority(t, 'Warden', { hostelNo: 1 });
    for (let i = 0; i < browsers; i++) {
      const sub = service.subscribe();
      const res = await t.request({
        method: 'POST',
        url: '/api/me/push-subscriptions',
        token: student.token,
        payload: { endpoint: sub.endpoint, keys: sub.keys },
      });
      if (res.status !== 201) throw new Error(`subscribe answered ${res.status}`);
    }
    const t0 = performance.now();
    for (let i = 0; i < events; i++) {
      await t.ctx.database.db.transaction().execute(async (trx) => {
        const to = (await recipientsByIds(trx, [student.id])).get(student.id)!;
        const link = `${t.config.publicUrl}/complaint-status?token=CMP-BENCH${i}`;
        await notify(
          trx,
          to,
          statusMail(to.email, to.name, `CMP-BENCH${i}`, 'In Progress', `Update ${i}`, link),
          t.clock.now(),
        );
      });
    }
    const queueSeconds = (performance.now() - t0) / 1000;
    const sender = startPushSender(t.ctx, { vapidKeys: () => vapidKeys(t.ctx), ca: service.ca });
    const t1 = performance.now();
    const pushes = await sender.drain();
    const drainSeconds = (performance.now() - t1) / 1000;
    await sender.stop();
    if (service.received.length !== events * browsers || service.refused.length > 0)
      throw new Error(`${service.received.length} pushes received, ${service.refused.length} refused`);
    return { events, pushes, queueSeconds, drainSeconds, pushesPerSecond: pushes / drainSeconds };
  } finally {
    await t.close();
    await service.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { events: { type: 'string', default: '1000' }, browsers: { type: 'string', default: '1' } },
  });
  const r = await drainPushes(Number(values.events), Number(values.browsers));
  console.log(
    `push drain (SQLite): ${r.events} events queued in ${r.queueSeconds.toFixed(2)} s; ${r.pushes} pushes delivered, signed and encrypted, in ${r.drainSeconds.toFixed(2)} s (${r.pushesPerSecond.toFixed(0)} a second)`,
  );
}
