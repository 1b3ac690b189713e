import dns from 'node:dns';
import net from 'node:net';

/**
 * CONTRACT 6.3: the server must never be made to post inside the network it runs in. A push
 * endpoint is an https: URL whose host resolves only to public addresses; the sender connects to the
 * address checked here (pinnedAgent in delivery/push/sender.ts), so a name that answers differently later
 * cannot point it inward.
 */

/** Ranges no push service lives in (IANA special-purpose registries, RFC 6890 and successors). */
const NOT_PUBLIC = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  NOT_PUBLIC.addSubnet(net4, prefix, 'ipv4');
for (const [net6, prefix] of [
  ['2001::', 32], // Teredo (carries an IPv4 address)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (carries an IPv4 address)
  ['3fff::', 20], // documentation
] as const)
  NOT_PUBLIC.addSubnet(net6, prefix, 'ipv6');
/** The only IPv6 unicast space assigned to the public internet; loopback, unique-local, link-local, mapped IPv4 are outside it. */
const GLOBAL_UNICAST = new net.BlockList();
GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6');

export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  if (family === 6) return GLOBAL_UNICAST.check(address, 'ipv6') && !NOT_PUBLIC.check(address, 'ipv6');
  return false;
}

export interface CheckedEndpoint {
  /** the endpoint as the URL parser writes it (decimal and octal IPv4 forms become dotted) */
  endpoint: string;
  hostname: string;
  /** the address the sender connects to */
  address: string;
  family: 4 | 6;
}

export class EndpointRefused extends Error {}
/** CONTRACT 6.7: a push service answers on 443; another port is some other service of that host. */
export class EndpointWrongPort extends EndpointRefused {}

type Lookup = (host: string) => Promise<{ address: string; family: number }[]>;
const systemLookup: Lookup = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/**
 * Checks an endpoint and resolves its host: refused (EndpointRefused) unless it is https: on port
 * 443 and every address its host resolves to is public. `allowHosts` (PUSH_ALLOW_HOSTS: host:port) admits a test
 * push service whatever its addresses, still over https:.
 */
export async function checkPushEndpoint(
  raw: string,
  allowHosts: readonly string[],
  lookup: Lookup = systemLookup,
): Promise<CheckedEndpoint> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new EndpointRefused('not a URL');
  }
  if (url.protocol !== 'https:') throw new EndpointRefused('not https:');
  if (url.username || url.password) throw new EndpointRefused('credentials in the URL');
  // WHATWG's parser has turned 2130706433, 0x7f.1 and 0177.0.0.1 into 127.0.0.1 already
  const hostname = url.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
  const port = url.port || '443';
  const allowed = allowHosts.includes(`${hostname}:${port}`);
  if (!allowed && port !== '443') throw new EndpointWrongPort('not port 443');
  if (!allowed && (hostname === 'localhost' || hostname.endsWith('.localhost')))
    throw new EndpointRefused('localhost');
  let addresses: { address: string; family: number }[];
  if (net.isIP(hostname)) addresses = [{ address: hostname, family: net.isIP(hostname) }];
  else {
    try {
      addresses = await lookup(hostname);
    } catch {
      throw new EndpointRefused('host not found');
    }
  }
  if (addresses.length === 0) throw new EndpointRefused('host not found');
  if (!allowed) {
    // one inward answer is enough: a resolver may hand out any of them next time
    for (const a of addresses) if (!isPublicAddress(a.address)) throw new EndpointRefused('not public');
  }
  // IPv4 first when there is one: a host with both is far more often reachable over it
  const first = addresses.find((a) => a.family === 4) ?? addresses[0]!;
  return { endpoint: url.href, hostname, address: first.address, family: first.family === 6 ? 6 : 4 };
}
