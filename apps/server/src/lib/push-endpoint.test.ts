import { describe, expect, it } from 'vitest';
import { checkPushEndpoint, EndpointRefused, isPublicAddress } from './push-endpoint';

describe('push endpoints (CONTRACT 6.3)', () => {
  it('takes public IPv4 and global IPv6 addresses only', () => {
    for (const a of ['8.8.8.8', '142.250.183.10', '2607:f8b0:4004:800::200e', '2a00:1450:4001:80b::200a'])
      expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      '127.0.0.1',
      '10.20.30.40',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.100.100.100',
      '0.0.0.0',
      '192.0.2.5',
      '198.51.100.7',
      '203.0.113.9',
      '239.255.255.250',
      '255.255.255.255',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:8.8.8.8',
      'fc00::1',
      'fd12:3456:789a::1',
      'fe80::1',
      'ff02::1',
      '2001:db8::1',
      '2002:7f00:1::1',
      '2001:0:4136:e378::1',
      '64:ff9b::7f00:1',
      'not-an-address',
    ])
      expect(isPublicAddress(a), a).toBe(false);
  });

  it('answers the address to connect to, IPv4 first, and the endpoint as the URL parser writes it', async () => {
    const lookup = async () => [
      { address: '2a00:1450:4001:80b::200a', family: 6 },
      { address: '142.250.183.10', family: 4 },
    ];
    expect(await checkPushEndpoint('https://FCM.googleapis.com/fcm/send/abc', [], lookup)).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      hostname: 'fcm.googleapis.com',
      address: '142.250.183.10',
      family: 4,
    });
  });

  it('admits a PUSH_ALLOW_HOSTS host:port whatever it resolves to, over https: only', async () => {
    const lookup = async () => [{ address: '127.0.0.1', family: 4 }];
    expect((await checkPushEndpoint('https://push.test:8443/x', ['push.test:8443'], lookup)).address).toBe(
      '127.0.0.1',
    );
    await expect(
      checkPushEndpoint('https://push.test:8444/x', ['push.test:8443'], lookup),
    ).rejects.toBeInstanceOf(EndpointRefused);
    await expect(
      checkPushEndpoint('http://push.test:8443/x', ['push.test:8443'], lookup),
    ).rejects.toBeInstanceOf(EndpointRefused);
  });
});
