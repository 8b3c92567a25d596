/**
 * Who a request is from, as the rate limits (app/utils/post-guard.server.ts) and the web server's
 * render gate (server/index.ts) count it: an identity the client cannot choose.
 *
 * - The socket's address, unless that socket is one of our proxies (TRUST_PROXY: their addresses
 *   or CIDR ranges). Only then is X-Forwarded-For read, from the right: each entry is the address
 *   the proxy after it saw, and the first one that is not itself one of our proxies is the client.
 *   Whatever a client writes into the header sits to the left of that and is never read; a client
 *   that reaches the server past its proxies is its socket, whatever it sends.
 * - IPv6 clients count by their /64: one subscriber gets a whole /64 (often more), so 2^64
 *   addresses of one network are one client. IPv4-mapped IPv6 (`::ffff:1.2.3.4`, a dual-stack
 *   socket) is the IPv4 address.
 *
 * Why not a count of proxies (TRUST_PROXY=N, before): with N hops trusted, any client that reaches
 * the server directly (or through fewer proxies than configured) names itself in the header.
 */
import ipaddr from "ipaddr.js";

/** A proxy range as TRUST_PROXY names it after parsing: `10.0.0.0/8`, `2001:db8::/32`, `192.0.2.7/32`. */
export type ProxyRange = string;

const FOUR_PARTS = /^\d{1,3}(\.\d{1,3}){3}$/;

/** An address in the one spelling an identity uses (IPv4-mapped as IPv4), or undefined when it is none. */
function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (!ipaddr.IPv6.isValid(text)) return undefined;
  const v6 = ipaddr.IPv6.parse(text);
  return v6.isIPv4MappedAddress() ? v6.toIPv4Address() : v6;
}

/**
 * TRUST_PROXY's value: addresses or CIDR ranges, separated by commas (or spaces). Throws an Error
 * saying what to write for anything else, a count of proxies (the old meaning) in particular.
 */
export function parseProxyRanges(text: string): ProxyRange[] {
  const entries = text.split(/[\s,]+/).filter(Boolean);
  if (entries.length === 1 && /^\d+$/.test(entries[0]!)) {
    throw new Error(
      `"${entries[0]}" is a count of proxies, which is no longer read: set the addresses or CIDR ranges of the proxies in front of this server (e.g. TRUST_PROXY=10.0.0.0/8,192.0.2.7), or unset it when clients connect directly`,
    );
  }
  return entries.map((entry) => {
    const [address, bits, ...rest] = entry.split("/");
    const parsed = rest.length === 0 ? parseAddress(address!) : undefined;
    const max = parsed?.kind() === "ipv4" ? 32 : 128;
    // An IPv4-mapped range (::ffff:10.0.0.0/104) is the IPv4 one it maps.
    const mapped = parsed?.kind() === "ipv4" && address!.includes(":") ? 96 : 0;
    const prefix = bits === undefined ? max + mapped : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
    if (!parsed || !(prefix >= mapped && prefix <= max + mapped)) {
      throw new Error(`"${entry.slice(0, 60)}" is not an IP address or CIDR range (e.g. 10.0.0.0/8, 2001:db8::/32, 192.0.2.7)`);
    }
    return `${parsed.toString()}/${prefix - mapped}`;
  });
}

type Matcher = (address: string) => boolean;
const matchers = new WeakMap<readonly ProxyRange[], Matcher>();

/** Whether an address is one of these ranges (compiled once per list). */
function proxyMatcher(ranges: readonly ProxyRange[]): Matcher {
  let matcher = matchers.get(ranges);
  if (!matcher) {
    const parsed = ranges.map((range) => ipaddr.parseCIDR(range));
    matcher = (text) => {
      const address = parseAddress(text);
      return address !== undefined && parsed.some(([network, bits]) => network.kind() === address.kind() && address.match(network, bits));
    };
    matchers.set(ranges, matcher);
  }
  return matcher;
}

/** One X-Forwarded-For entry as an address: a port (`1.2.3.4:80`, `[::1]:443`) left off; undefined when it is none. */
function forwardedAddress(entry: string): string | undefined {
  let text = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.indexOf(":"));
  return parseAddress(text) ? text : undefined;
}

/**
 * The identity limits count: an IPv4 address as it is, an IPv6 address as its /64
 * (`2001:db8:1:2::/64`); anything that is no address (a test's "unknown") as given.
 */
export function clientKey(address: string): string {
  if (FOUR_PARTS.test(address)) return address;
  const parsed = parseAddress(address);
  if (!parsed) return address.slice(0, 64);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}

/** The request's socket address, which server/index.ts puts in the load context; `remix dev` gives none. */
function socketAddress(context: unknown): string | undefined {
  const socket = typeof context === "object" && context !== null ? (context as { socketAddress?: unknown }).socketAddress : undefined;
  return typeof socket === "string" && socket ? socket : undefined;
}

/**
 * The client a request counts as (see the module comment): its identity by {@link clientKey}, or
 * "unknown" without a socket address (every such request shares it).
 */
export function clientAddress(request: Request, context: unknown, proxies: readonly ProxyRange[]): string {
  const socket = socketAddress(context);
  if (socket === undefined) return "unknown";
  let client = socket;
  if (proxies.length > 0) {
    const isProxy = proxyMatcher(proxies);
    if (isProxy(socket)) {
      // Several headers are one list (the Fetch API joins them with ", ").
      const hops = (request.headers.get("x-forwarded-for") ?? "").split(",");
      for (let i = hops.length - 1; i >= 0 && isProxy(client); i--) {
        const hop = forwardedAddress(hops[i]!);
        // A proxy of ours wrote no address there: that proxy stands for the client.
        if (hop === undefined) break;
        client = hop;
      }
    }
  }
  return clientKey(client);
}
