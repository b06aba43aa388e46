/**
 * Where outgoing webhooks may go. A webhook URL is chosen by the customer, and the request leaves
 * from inside our network, so without this policy a URL could make us call our own services, the
 * cloud metadata endpoint (credentials) or anything else only reachable from inside (SSRF).
 *
 * The policy judges IP addresses, the only thing a connection actually goes to: names are judged by
 * what they resolve to, and post-webhook.ts judges again the addresses it connects to.
 */

import { promises as dns } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { MAX_WEBHOOK_URL_LENGTH } from '../schemas/webhook-limits';

export interface AddressPolicyOptions {
  /** Local mode: the developer's own receiver on this machine may be called. */
  allowLoopback: boolean;
}

const LOOPBACK = 'a loopback address';
const PRIVATE = 'a private address';
const LINK_LOCAL = 'a link-local address';
const METADATA = 'the cloud metadata address';
const RESERVED = 'a reserved address';
const MULTICAST = 'a multicast address';
const UNSPECIFIED = 'the unspecified address';
const ZONED = 'an IPv6 address with a zone id';
const NOT_AN_IP = 'not an IP address';

interface Rule {
  reason: string;
  list: BlockList;
}

/** One BlockList per reason, most specific first: the first that matches names the reason. */
function rules(family: 'ipv4' | 'ipv6', entries: Array<[reason: string, cidrs: string[]]>): Rule[] {
  return entries.map(([reason, cidrs]) => {
    const list = new BlockList();
    for (const cidr of cidrs) {
      const [network, prefix] = cidr.split('/') as [string, string];
      list.addSubnet(network, Number(prefix), family);
    }
    return { reason, list };
  });
}

// IANA's special-purpose registries (RFC 6890 and successors), as far as a webhook could be aimed at them.
const IPV4_RULES = rules('ipv4', [
  // AWS/GCP/Azure instance metadata, the ECS credentials endpoint, Alibaba's metadata: credentials live there.
  [METADATA, ['169.254.169.254/32', '169.254.170.2/32', '100.100.100.200/32']],
  [LOOPBACK, ['127.0.0.0/8']],
  // Linux connects 0.0.0.0 to the local host.
  [UNSPECIFIED, ['0.0.0.0/32']],
  [RESERVED, ['0.0.0.0/8']],
  // 100.64/10 is carrier-grade NAT space, private in all but name.
  [PRIVATE, ['10.0.0.0/8', '100.64.0.0/10', '172.16.0.0/12', '192.168.0.0/16']],
  [LINK_LOCAL, ['169.254.0.0/16']],
  [MULTICAST, ['224.0.0.0/4']],
  [
    RESERVED,
    [
      '192.0.0.0/24', // IETF protocol assignments
      '192.0.2.0/24', // documentation
      '192.88.99.0/24', // former 6to4 relay anycast
      '198.18.0.0/15', // benchmarking
      '198.51.100.0/24', // documentation
      '203.0.113.0/24', // documentation
      '240.0.0.0/4', // reserved, and the broadcast address
    ],
  ],
]);

const IPV6_RULES = rules('ipv6', [
  // The AWS Nitro metadata endpoint over IPv6.
  [METADATA, ['fd00:ec2::254/128']],
  [PRIVATE, ['fc00::/7', 'fec0::/10', '64:ff9b:1::/48']],
  [LINK_LOCAL, ['fe80::/10']],
  [MULTICAST, ['ff00::/8']],
  [
    RESERVED,
    [
      '100::/64', // discard-only
      '2001::/23', // IETF protocol assignments (Teredo, benchmarking, ORCHID...)
      '2001:db8::/32', // documentation
      '3fff::/20', // documentation
      '5f00::/16', // segment routing
    ],
  ],
]);

// Only 2000::/3 is allocated as global unicast; anything outside it that no rule named is unroutable anyway.
const GLOBAL_UNICAST = rules('ipv6', [['', ['2000::/3']]])[0]!.list;

/** The eight 16-bit groups of a valid IPv6 address (no zone id), the trailing dotted quad included. */
function ipv6Groups(address: string): number[] {
  const parse = (part: string): number[] => {
    if (part === '') return [];
    return part.split(':').flatMap((group) => {
      if (!group.includes('.')) return [parseInt(group, 16)];
      const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
      return [(a << 8) | b, (c << 8) | d];
    });
  };
  const [head, tail] = address.split('::') as [string, string | undefined];
  if (tail === undefined) return parse(head);
  const left = parse(head);
  const right = parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

function ipv4Of(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/**
 * The IPv4 address that an IPv6 address stands for, when it is one of the forms that reach an IPv4
 * host: `::ffff:a.b.c.d` (mapped, which the kernel turns into an IPv4 connection), `::ffff:0:a.b.c.d`
 * (translated), `::a.b.c.d` (compatible), `64:ff9b::a.b.c.d` (NAT64) and 6to4 `2002:AABB:CCDD::`.
 * Checking only the IPv6 form would let `::ffff:127.0.0.1` through.
 */
function embeddedIpv4(groups: number[]): string | undefined {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const zeroTo3 = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0;
  if (zeroTo3 && g4 === 0 && (g5 === 0xffff || g5 === 0)) return ipv4Of(g6, g7);
  if (zeroTo3 && g4 === 0xffff && g5 === 0) return ipv4Of(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return ipv4Of(g6, g7);
  if (g0 === 0x2002) return ipv4Of(g1, g2);
  return undefined;
}

function firstMatch(ruleList: Rule[], address: string, family: 'ipv4' | 'ipv6', options: AddressPolicyOptions): string | undefined {
  for (const rule of ruleList) {
    if (rule.reason === LOOPBACK && options.allowLoopback) continue;
    if (rule.list.check(address, family)) return rule.reason;
  }
  return undefined;
}

/**
 * Why a webhook must not be sent to `address`, or undefined when it may. The reason is a short
 * phrase ("a private address") meant to end a sentence shown to the customer, so they can see why
 * their URL was refused. Loopback is allowed only in local mode, where the receiver under
 * development runs on the same machine.
 */
export function blockedAddressReason(address: string, options: AddressPolicyOptions): string | undefined {
  // A zone id picks a local interface: only meaningful for link-local targets, never for a webhook.
  if (address.includes('%')) return isIP(address) === 6 ? ZONED : NOT_AN_IP;
  const family = isIP(address);
  if (family === 4) return firstMatch(IPV4_RULES, address, 'ipv4', options);
  if (family !== 6) return NOT_AN_IP;

  const groups = ipv6Groups(address);
  if (groups.every((group) => group === 0)) return UNSPECIFIED;
  if (groups.slice(0, 7).every((group) => group === 0) && groups[7] === 1) return options.allowLoopback ? undefined : LOOPBACK;
  const ipv4 = embeddedIpv4(groups);
  if (ipv4 !== undefined) return blockedAddressReason(ipv4, options);
  const reason = firstMatch(IPV6_RULES, address, 'ipv6', options);
  if (reason !== undefined) return reason;
  return GLOBAL_UNICAST.check(address, 'ipv6') ? undefined : RESERVED;
}

export type CheckedWebhookUrl = { ok: true; url: URL } | { ok: false; message: string };

export interface CheckWebhookUrlOptions {
  /** Local mode: http://localhost and loopback receivers are accepted (and only then). */
  allowHttpLocalhost: boolean;
  /** Resolves a host name to its addresses; tests inject one, the default asks the system resolver. */
  lookup?: (hostname: string) => Promise<string[]>;
}

async function systemLookup(hostname: string): Promise<string[]> {
  // verbatim: every address, in the resolver's order, with none dropped by family preference.
  const results = await dns.lookup(hostname, { all: true, verbatim: true });
  return results.map((result) => result.address);
}

/** Host names that only ever mean something inside our own network, refused before asking DNS. */
function isInternalName(name: string): boolean {
  return name === 'localhost' || name.endsWith('.localhost') || name.endsWith('.internal') || !name.includes('.');
}

const refuse = (message: string): CheckedWebhookUrl => ({ ok: false, message });

/**
 * Whether a customer may register `url` as a webhook endpoint, with a message they can act on when
 * not. Checked when the URL is saved, so mistakes show up at once rather than as failed deliveries;
 * every address the name resolves to must be public, since the connection may use any of them.
 * This does not make delivery safe by itself (DNS can change afterwards): postWebhook checks the
 * address again at connection time.
 */
export async function checkWebhookUrl(url: string, options: CheckWebhookUrlOptions): Promise<CheckedWebhookUrl> {
  if (url.length > MAX_WEBHOOK_URL_LENGTH) return refuse(`The webhook URL is longer than ${MAX_WEBHOOK_URL_LENGTH} characters.`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refuse('The webhook URL is not a valid absolute URL, such as https://example.com/webhooks.');
  }
  if (parsed.username !== '' || parsed.password !== '') {
    return refuse('The webhook URL must not contain a user name or password; authenticate the webhook with its signature instead.');
  }

  // url.hostname is already normalised: numeric forms such as 2130706433, 0x7f.1 or 127.1 come out as
  // 127.0.0.1, and IPv6 literals are bracketed and compressed.
  const bracketed = parsed.hostname.startsWith('[');
  const host = bracketed ? parsed.hostname.slice(1, -1) : parsed.hostname;
  const literal = isIP(host) !== 0;
  const name = host.replace(/\.$/, '');
  const isLocalhost = !literal && name === 'localhost';
  const isLoopbackLiteral = literal && blockedAddressReason(host, { allowLoopback: false }) === LOOPBACK;

  if (parsed.protocol === 'http:') {
    if (!options.allowHttpLocalhost || !(isLocalhost || isLoopbackLiteral)) {
      return refuse('The webhook URL must use https.');
    }
  } else if (parsed.protocol !== 'https:') {
    return refuse(`The webhook URL must use https, not ${parsed.protocol.replace(/:$/, '')}.`);
  }

  const policy = { allowLoopback: options.allowHttpLocalhost };
  if (literal) {
    const reason = blockedAddressReason(host, policy);
    if (reason !== undefined) return refuse(`The webhook URL's host ${host} is ${reason}; webhooks are only sent to public addresses.`);
    return { ok: true, url: parsed };
  }

  const localName = options.allowHttpLocalhost && (name === 'localhost' || name.endsWith('.localhost'));
  if (!localName && isInternalName(name)) {
    return refuse(`The webhook URL's host ${host} is not a public domain name; webhooks are only sent to public addresses.`);
  }

  let addresses: string[];
  try {
    addresses = await (options.lookup ?? systemLookup)(host);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0) {
    // Locally (npm start) the docs' example host resolves nowhere: say what works there.
    const local = options.allowHttpLocalhost
      ? ' On the local stack, a receiver on this machine (http://localhost:<port>/…) is accepted.'
      : '';
    return refuse(`The webhook URL's host ${host} does not resolve to an address; check the name.${local}`);
  }
  for (const address of addresses) {
    const reason = blockedAddressReason(address, policy);
    if (reason !== undefined) {
      return refuse(`The webhook URL's host ${host} resolves to ${address}, ${reason}; webhooks are only sent to public addresses.`);
    }
  }
  return { ok: true, url: parsed };
}
