/**
 * Who a request counts as (app/ground/client-address.server.ts): the socket, or behind the proxies
 * TRUST_PROXY names the address they saw, never an address the client wrote; IPv6 by its /64.
 * The production server with these rules: tests/server/two-servers.test.ts.
 */
import { clientAddress, clientKey, parseProxyRanges } from "../../../app/ground/client-address.server.js";

const request = (xff?: string | string[]) => {
  const headers = new Headers();
  for (const value of xff === undefined ? [] : [xff].flat()) headers.append("x-forwarded-for", value);
  return new Request("https://party.test/", { headers });
};
const from = (socketAddress: string, xff: string | string[] | undefined, proxies: readonly string[]) =>
  clientAddress(request(xff), { socketAddress }, proxies);

describe("TRUST_PROXY", () => {
  it("is addresses and CIDR ranges, IPv4 and IPv6, separated by commas or spaces", () => {
    expect(parseProxyRanges("10.0.0.0/8, 192.0.2.7 2001:DB8::/32,::1")).toEqual(["10.0.0.0/8", "192.0.2.7/32", "2001:db8::/32", "::1/128"]);
    // An IPv4-mapped range is the IPv4 one.
    expect(parseProxyRanges("::ffff:10.1.0.0/112")).toEqual(["10.1.0.0/16"]);
  });

  it("refuses a count of proxies (the old meaning) saying what to set instead", () => {
    for (const count of ["0", "1", "2"]) expect(() => parseProxyRanges(count)).toThrow(/is a count of proxies, which is no longer read: set the addresses or CIDR ranges/);
  });

  it.each(["10.0.0.0/33", "10.0.0.0/", "2001:db8::/129", "proxy.internal", "10.0.0", "0x0a.0.0.1", "10.0.0.1/8/2", "::ffff:10.0.0.0/8"])(
    "refuses %s, naming it",
    (entry) => {
      expect(() => parseProxyRanges(`192.0.2.1,${entry}`)).toThrow(`"${entry}" is not an IP address or CIDR range`);
    },
  );
});

describe("the client", () => {
  const proxies = parseProxyRanges("10.0.0.0/8,2001:db8:ffff::/48");

  it("is the socket's without TRUST_PROXY, whatever X-Forwarded-For says", () => {
    expect(from("192.0.2.1", "1.1.1.1", [])).toBe("192.0.2.1");
    expect(from("192.0.2.1", undefined, [])).toBe("192.0.2.1");
  });

  it("is the socket's when the socket is not one of the proxies: a client that reached the server directly names nothing", () => {
    expect(from("192.0.2.1", "1.1.1.1", proxies)).toBe("192.0.2.1");
    expect(from("192.0.2.1", "1.1.1.1, 10.0.0.1", proxies)).toBe("192.0.2.1");
  });

  it("behind the proxies, is the first X-Forwarded-For entry from the right that is not one of them", () => {
    expect(from("10.0.0.1", "1.1.1.1", proxies)).toBe("1.1.1.1");
    // What the client wrote sits left of what the first proxy saw.
    expect(from("10.0.0.1", "6.6.6.6, 1.1.1.1", proxies)).toBe("1.1.1.1");
    expect(from("10.0.0.2", "6.6.6.6, 1.1.1.1, 10.9.9.9", proxies)).toBe("1.1.1.1");
    // Several headers are one list.
    expect(from("10.0.0.1", ["6.6.6.6", "1.1.1.1, 10.0.0.3"], proxies)).toBe("1.1.1.1");
    // Ports and brackets as some proxies write them.
    expect(from("10.0.0.1", "1.1.1.1:5123", proxies)).toBe("1.1.1.1");
    expect(from("10.0.0.1", "[2001:db8:1:2::5]:443", proxies)).toBe("2001:db8:1:2::/64");
  });

  it("behind the proxies, is the proxy when the header names no one else", () => {
    expect(from("10.0.0.1", undefined, proxies)).toBe("10.0.0.1");
    expect(from("10.0.0.1", "", proxies)).toBe("10.0.0.1");
    expect(from("10.0.0.1", "10.0.0.7", proxies)).toBe("10.0.0.7");
    // An entry a proxy of ours wrote that is no address: that proxy.
    expect(from("10.0.0.1", "1.1.1.1, unknown", proxies)).toBe("10.0.0.1");
  });

  it("matches a dual-stack socket's IPv4-mapped address against IPv4 ranges", () => {
    expect(from("::ffff:10.0.0.1", "1.1.1.1", proxies)).toBe("1.1.1.1");
    expect(from("::ffff:192.0.2.1", "1.1.1.1", proxies)).toBe("192.0.2.1");
    expect(from("2001:db8:ffff:1::1", "1.1.1.1", proxies)).toBe("1.1.1.1");
  });

  it("counts IPv6 by its /64: every address of one network is one client", () => {
    const one = ["2001:db8:1:2::1", "2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:0DB8:0001:0002:abcd::9", "[2001:db8:1:2::7]"];
    expect(new Set(one.map((address) => from("10.0.0.1", address, proxies)))).toEqual(new Set(["2001:db8:1:2::/64"]));
    expect(from("2001:db8:1:2::1", undefined, [])).toBe("2001:db8:1:2::/64");
    expect(from("2001:db8:1:3::1", undefined, [])).toBe("2001:db8:1:3::/64");
    expect(clientKey("::1")).toBe("::/64");
    expect(clientKey("fe80::1%eth0")).toBe("fe80::/64");
  });

  it('is "unknown" without a socket address (remix dev)', () => {
    expect(clientAddress(request("6.6.6.6"), {}, proxies)).toBe("unknown");
    expect(clientAddress(request(), null, [])).toBe("unknown");
  });
});
