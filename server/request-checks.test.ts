import { describe, expect, it } from "vitest";
import { bodyLimitFor, FORM_BODY_LIMIT } from "~/lib/body-limits";
import { checkBody, checkUrl, lastForwarded, proxySettings, requestScheme } from "./request-checks";

const bytes = (text: string) => new TextEncoder().encode(text);
const FORM = "application/x-www-form-urlencoded";

async function multipart(fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return {
    contentType: request.headers.get("content-type")!,
    body: new Uint8Array(await request.arrayBuffer()),
  };
}

describe("checkUrl", () => {
  it.each([
    "/",
    "/properties?location=M%C3%BCnchen&guests=2",
    "/properties?location=K%C3%B6ln+Zentrum",
    "/properties/0e9b1f52-2f42-4b8e-9a53-2d0a3c1d4e5f",
    // Mangled links are decoded leniently, as the app's URLSearchParams does.
    "/properties?location=100%",
    "/properties?location=%FF",
  ])("lets %s through", (target) => {
    expect(checkUrl(target)).toBeNull();
  });

  it.each([
    ["a NUL in the query", "/properties?location=%00"],
    ["a control character in a query key", "/properties?a%1Fb=1"],
    ["DEL in the query", "/properties?location=a%7F"],
    ["a NUL in the path", "/properties/%00"],
    ["malformed percent-encoding in the path", "/properties/%E0%A4%A"],
    ["an encoded surrogate in the path", "/properties/%ED%A0%80"],
  ])("refuses %s with 400", (_label, target) => {
    expect(checkUrl(target)).toMatchObject({ status: 400 });
  });
});

describe("checkBody", () => {
  it("accepts an empty body whatever its type", async () => {
    expect(await checkBody(undefined, new Uint8Array())).toBeNull();
    expect(await checkBody("application/json", new Uint8Array())).toBeNull();
  });

  it("accepts forms as browsers send them, with line breaks and tabs in text", async () => {
    const body = new URLSearchParams({
      name: "Jürgen Groß",
      message: "Zeile 1\r\nZeile 2\twith tab, 50 % & mehr = gut",
    }).toString();
    expect(await checkBody(FORM, bytes(body))).toBeNull();
    expect(await checkBody(`${FORM}; charset=UTF-8`, bytes(body))).toBeNull();
    const upload = await multipart({
      intent: "avatar",
      avatar: new Blob([new Uint8Array([0, 1, 2, 0x1f, 0xff])], { type: "image/png" }),
    });
    // Control bytes inside a file are the file's business (the image decoder decides).
    expect(await checkBody(upload.contentType, upload.body)).toBeNull();
  });

  it.each([
    ["JSON", "application/json", '{"email":"a@b.de"}'],
    ["plain text", "text/plain", "email=a@b.de"],
    ["no content type", undefined, "email=a@b.de"],
    ["another charset", `${FORM}; charset=iso-8859-1`, "name=J%FCrgen"],
  ])("refuses %s with 415", async (_label, type, body) => {
    expect(await checkBody(type, bytes(body))).toMatchObject({ status: 415 });
  });

  it.each([
    ["a NUL in a value", "name=a%00b"],
    ["a raw NUL in a value", "name=a\u0000b"],
    ["a control character in a field name", "na%01me=x"],
    ["an escape character", "message=%1B%5B31m"],
    ["malformed percent-encoding", "name=%E0%A4%A"],
    ["a lone surrogate", "name=%ED%A0%80"],
  ])("refuses a form with %s (400)", async (_label, body) => {
    expect(await checkBody(FORM, bytes(body))).toMatchObject({ status: 400 });
  });

  it("refuses bytes that are not UTF-8 in a URL-encoded form", async () => {
    expect(await checkBody(FORM, new Uint8Array([0x6e, 0x3d, 0xff, 0xfe]))).toMatchObject({
      status: 400,
    });
  });

  it("checks the text fields of multipart forms and refuses broken ones", async () => {
    const withNul = await multipart({ fullName: "Erika\u0000Musterfrau" });
    expect(await checkBody(withNul.contentType, withNul.body)).toMatchObject({ status: 400 });
    const valid = await multipart({ fullName: "Erika" });
    const truncated = valid.body.slice(0, valid.body.length - 10);
    expect(await checkBody(valid.contentType, truncated)).toMatchObject({ status: 400 });
    expect(await checkBody("multipart/form-data", valid.body)).toMatchObject({ status: 400 });
  });
});

describe("bodyLimitFor", () => {
  it("gives forms the small limit and upload routes (and their .data URL) more", () => {
    expect(bodyLimitFor("/kontakt")).toBe(FORM_BODY_LIMIT);
    expect(bodyLimitFor("/properties/x/book.data")).toBe(FORM_BODY_LIMIT);
    expect(bodyLimitFor("/dashboard/profile")).toBeGreaterThan(2 * 1024 * 1024);
    expect(bodyLimitFor("/dashboard/profile.data")).toBe(bodyLimitFor("/dashboard/profile"));
    expect(bodyLimitFor("/dashboard/profile/")).toBe(bodyLimitFor("/dashboard/profile"));
  });

  it("gives the content editor room for a whole page of legal text, and only the editor", () => {
    // The shipped Datenschutz posts ~12 KB; an operator's own may be many times longer.
    expect(bodyLimitFor("/admin/inhalte/datenschutz")).toBe(512 * 1024);
    expect(bodyLimitFor("/admin/inhalte/agb.data")).toBe(512 * 1024);
    expect(bodyLimitFor("/admin/inhalte")).toBe(FORM_BODY_LIMIT);
    expect(bodyLimitFor("/admin/inhalte/agb/mehr")).toBe(FORM_BODY_LIMIT);
  });
});

describe("requestScheme", () => {
  const proxied = proxySettings(true, "https://ferien.example.com");
  const direct = proxySettings(false, "http://localhost:3000");

  it("takes the scheme a trusted proxy reports, its first hop when it lists several", () => {
    const host = "ferien.example.com";
    expect(requestScheme({ host, "x-forwarded-proto": "https" }, proxied)).toBe("https");
    expect(requestScheme({ host, "x-forwarded-proto": "HTTPS, http" }, proxied)).toBe("https");
    expect(requestScheme({ host: "10.0.0.5:3000", "x-forwarded-proto": "http" }, proxied)).toBe(
      "http",
    );
  });

  it("ignores X-Forwarded-Proto from an untrusted client", () => {
    expect(requestScheme({ host: "localhost:3000", "x-forwarded-proto": "https" }, direct)).toBe(
      "http",
    );
  });

  it("goes by an https BASE_URL for requests to its host, else by the app's own http", () => {
    const untrusted = proxySettings(false, "https://ferien.example.com");
    expect(requestScheme({ host: "ferien.example.com" }, untrusted)).toBe("https");
    expect(requestScheme({ host: "Ferien.Example.com" }, untrusted)).toBe("https");
    expect(requestScheme({ host: "10.0.0.5:3000" }, untrusted)).toBe("http");
    expect(requestScheme({ host: "localhost:3000" }, direct)).toBe("http");
    expect(requestScheme({}, proxySettings(false, ""))).toBe("http");
    expect(proxySettings(true, "https://ferien.example.com:443/")).toEqual({
      trustProxy: true,
      httpsHost: "ferien.example.com",
    });
  });
});

describe("lastForwarded (the client address behind a trusted proxy)", () => {
  it("takes the entry the proxy appended, not one the client wrote in front of it", () => {
    // nginx's $proxy_add_x_forwarded_for: what the client sent, then the address nginx saw.
    expect(lastForwarded("198.51.100.1, 203.0.113.7")).toBe("203.0.113.7");
    expect(lastForwarded("10.9.8.7,198.51.100.1 ,  203.0.113.7")).toBe("203.0.113.7");
    expect(lastForwarded(["198.51.100.1", "203.0.113.7"])).toBe("203.0.113.7");
    // A proxy that overwrites the header ($remote_addr, Caddy, Traefik): its one entry.
    expect(lastForwarded("203.0.113.7")).toBe("203.0.113.7");
    expect(lastForwarded("2001:db8::1")).toBe("2001:db8::1");
  });

  it("gives nothing for an empty header, so the socket's address is used", () => {
    expect(lastForwarded(undefined)).toBeUndefined();
    expect(lastForwarded("")).toBeUndefined();
    expect(lastForwarded(" , ")).toBeUndefined();
  });
});
