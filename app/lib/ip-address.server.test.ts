import { describe, expect, it } from "vitest";
import { isPublicAddress } from "./ip-address.server";

describe("isPublicAddress (SSRF guard)", () => {
  it("allows public IPv4 and IPv6 addresses", () => {
    for (const address of [
      "93.184.216.34",
      "8.8.8.8",
      "2606:2800:220:1:248:1893:25c8:1946",
      "2a00:1450:4001:80b::200e",
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it("refuses private, loopback, link-local, CGNAT, multicast, reserved and 0.0.0.0", () => {
    for (const address of [
      "0.0.0.0",
      "127.0.0.1",
      "127.255.255.254",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "224.0.0.1",
      "239.255.255.250",
      "255.255.255.255",
      "198.18.0.1",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    expect(isPublicAddress("172.32.0.1")).toBe(true);
  });

  it("refuses IPv6 loopback, unspecified, unique-local, link-local and multicast", () => {
    for (const address of [
      "::1",
      "::",
      "fc00::1",
      "fd12:3456::1",
      "fe80::1",
      "fe80::1%eth0",
      "ff02::1",
      "2001:db8::1",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("judges IPv6 forms that carry an IPv4 address by that address", () => {
    for (const address of [
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::FFFF:10.0.0.1",
      "::ffff:169.254.169.254",
      "::127.0.0.1",
      "64:ff9b::a00:1",
      "2002:7f00:1::1",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    expect(isPublicAddress("::ffff:8.8.8.8")).toBe(true);
  });

  it("refuses what is not an address at all", () => {
    for (const address of ["localhost", "", "127.1", "0x7f000001", "2130706433"]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});
