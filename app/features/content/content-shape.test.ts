import { describe, expect, it } from "vitest";
import {
  applyListEdit,
  isSafeHref,
  mergeOverDefault,
  parseContentForm,
  parseListEdit,
  shapeOf,
  type ContentBody,
  type Shape,
} from "./content-shape";

const files = import.meta.glob<unknown>("../../../content/*/*.json", {
  eager: true,
  import: "default",
});
const shipped = (language: string, page: string) =>
  files[`../../../content/${language}/${page}.json`] as ContentBody;
const PAGES = Object.keys(files)
  .filter((path) => path.includes("/de/"))
  .map((path) => path.replace(/^.*\/de\/(.*)\.json$/, "$1"));

/** What the browser posts for a body: every value at its path, every list entry's marker. */
function formOf(shape: Shape, body: unknown) {
  const fields: [string, string][] = [];
  const walk = (s: Shape, value: unknown, path: string) => {
    if (s.kind === "object") {
      for (const f of s.fields) {
        const v = (value as Record<string, unknown>)[f.key];
        if (v !== undefined) walk(f.shape, v, path ? `${path}.${f.key}` : f.key);
      }
    } else if (s.kind === "array") {
      (value as unknown[]).forEach((item, i) => {
        const variant = s.variants.findIndex((candidate) =>
          candidate.kind === "object"
            ? typeof item === "object" &&
              item !== null &&
              !Array.isArray(item) &&
              candidate.fields.some((f) => f.key in item)
            : candidate.kind === (Array.isArray(item) ? "array" : typeof item),
        );
        fields.push([`${path}.${i}.__v`, String(variant)]);
        walk(s.variants[variant], item, `${path}.${i}`);
      });
    } else if (s.kind === "boolean") {
      if (value === true) fields.push([path, "on"]);
    } else fields.push([path, String(value)]);
  };
  walk(shape, body, "");
  return fields;
}
const reader = (fields: [string, string][]) => ({
  names: fields.map(([name]) => name),
  get: (name: string) => fields.find(([n]) => n === name)?.[1] ?? null,
});

describe("content shape", () => {
  it.each(PAGES)("reads every shipped page (%s) back from its own form unchanged", (page) => {
    const shape = shapeOf([shipped("de", page), shipped("en", page)]);
    for (const language of ["de", "en"]) {
      const body = mergeOverDefault(shape, shipped(language, page), undefined);
      expect(body).toEqual(shipped(language, page));
      const parsed = parseContentForm(shape, reader(formOf(shape, body)));
      expect(parsed).toEqual({ ok: true, body });
    }
  });

  it("tells a paragraph, a bullet list and a numbered list apart, and sections with an optional key", () => {
    const shape = shapeOf([shipped("de", "privacy")]);
    const sections = shape.kind === "object" && shape.fields.find((f) => f.key === "sections");
    expect(sections && sections.shape.kind).toBe("array");
    if (!sections || sections.shape.kind !== "array") return;
    expect(sections.shape.variants).toHaveLength(1);
    const section = sections.shape.variants[0];
    if (section.kind !== "object") throw new Error("section is an object");
    expect(section.fields.find((f) => f.key === "showsController")?.optional).toBe(true);
    const blocks = section.fields.find((f) => f.key === "blocks")!.shape;
    // A paragraph, a list, and a block shown only while a payment method is offered
    // (`onlyWith`, decision 031).
    expect(blocks.kind === "array" && blocks.variants.map((v) => v.kind)).toEqual([
      "string",
      "object",
      "object",
    ]);
    expect(
      blocks.kind === "array" &&
        blocks.variants.some(
          (v) => v.kind === "object" && v.fields.some((f) => f.key === "onlyWith"),
        ),
    ).toBe(true);
  });

  it("merges a stored body over the default: new keys from the default, removed keys dropped, wrong kinds replaced", () => {
    const shape = shapeOf([
      { title: "Titel", intro: "Neu im Release", items: [{ name: "A", note: "n" }], count: 2 },
    ]);
    const stored = {
      title: "Eigener Titel",
      stale: "aus einer alten Version",
      items: [{ name: "Eigener A" }, { name: "Eigener B" }],
      count: "zwei",
    };
    const fallback = {
      title: "Titel",
      intro: "Neu im Release",
      items: [{ name: "A", note: "n" }],
      count: 2,
    };
    expect(mergeOverDefault(shape, stored, fallback)).toEqual({
      title: "Eigener Titel",
      intro: "Neu im Release",
      // The first entry takes the new key from the default's first entry, the second is empty.
      items: [
        { name: "Eigener A", note: "n" },
        { name: "Eigener B", note: "" },
      ],
      count: 2,
    });
  });

  it("refuses texts that are too long, bad numbers, bad anchors and unsafe links with field errors", () => {
    const shape = shapeOf([
      { title: "T", price: 49, rating: 4.8, id: "zahlung", date: "2026-01-20", moreHref: "/x" },
    ]);
    const parsed = parseContentForm(
      shape,
      reader([
        ["title", "x".repeat(301)],
        ["price", "49,5"],
        ["rating", "vier"],
        ["id", "Zahlung <b>"],
        ["date", "2026-02-30"],
        ["moreHref", "javascript:alert(1)"],
      ]),
    );
    expect(parsed.ok).toBe(false);
    expect(parsed.errors).toEqual({
      title: "tooLong",
      price: "integer",
      rating: "number",
      id: "id",
      date: "date",
      moreHref: "url",
    });
    // The refused numbers come back as typed, not as 0.
    expect(parsed.body).toMatchObject({ price: "49,5", rating: "vier" });
    const good = parseContentForm(
      shape,
      reader([
        ["title", "  Mein   Titel "],
        ["price", "49"],
        ["rating", "4,5"],
        ["id", "zahlung"],
        ["date", "2026-02-28"],
        ["moreHref", "mailto:info@example.com"],
      ]),
    );
    expect(good).toEqual({
      ok: true,
      body: {
        title: "Mein Titel",
        price: 49,
        rating: 4.5,
        id: "zahlung",
        date: "2026-02-28",
        moreHref: "mailto:info@example.com",
      },
    });
  });

  it("offers the payment methods for onlyWith and refuses a name the site does not know", () => {
    const shape = shapeOf([{ blocks: ["Text", { onlyWith: ["paypal"], value: "Mit PayPal" }] }]);
    const blocks = shape.kind === "object" ? shape.fields[0].shape : null;
    const conditional = blocks?.kind === "array" ? blocks.variants[1] : null;
    const onlyWith = conditional?.kind === "object" ? conditional.fields[0].shape : null;
    expect(onlyWith?.kind === "array" && onlyWith.variants[0]).toEqual({
      kind: "string",
      long: false,
      format: "paymentMethod",
    });
    const form = (method: string) =>
      reader([
        ["blocks.0.__v", "1"],
        ["blocks.0.onlyWith.0.__v", "0"],
        ["blocks.0.onlyWith.0", method],
        ["blocks.0.value", "Mit PayPal"],
      ]);
    expect(parseContentForm(shape, form("credit-card"))).toEqual({
      ok: true,
      body: { blocks: [{ onlyWith: ["credit-card"], value: "Mit PayPal" }] },
    });
    const typo = parseContentForm(shape, form("kreditkarte"));
    expect(typo.errors).toEqual({ "blocks.0.onlyWith.0": "paymentMethod" });
  });

  it("keeps markup as text and refuses control characters", () => {
    const shape = shapeOf([{ text: "x".repeat(100) }]);
    const script = parseContentForm(shape, reader([["text", "<script>alert(1)</script>"]]));
    expect(script).toEqual({ ok: true, body: { text: "<script>alert(1)</script>" } });
    const nul = parseContentForm(shape, reader([["text", "a\u0000b"]]));
    expect(nul.errors).toEqual({ text: "control" });
  });

  it("treats a forged kind of entry as a forged form, and ignores fields the shape does not have", () => {
    const shape = shapeOf([{ items: ["a", "b"] }]);
    expect(parseContentForm(shape, reader([["items.0.__v", "7"]]))).toEqual({
      ok: false,
      body: null,
      errors: null,
    });
    expect(
      parseContentForm(
        shape,
        reader([
          ["items.3.__v", "0"],
          ["items.3", "b"],
          ["items.1.__v", "0"],
          ["items.1", "a"],
          ["isAdmin", "on"],
          ["items.x.__v", "0"],
        ]),
      ),
    ).toEqual({ ok: true, body: { items: ["a", "b"] } });
  });

  it("caps the number of entries of a list", () => {
    const shape = shapeOf([{ items: ["a"] }]);
    const fields: [string, string][] = [];
    for (let i = 0; i < 150; i++) fields.push([`items.${i}.__v`, "0"], [`items.${i}`, "x"]);
    const parsed = parseContentForm(shape, reader(fields));
    expect(parsed.errors).toEqual({ items: "tooMany" });
    expect((parsed.body as { items: string[] }).items).toHaveLength(100);
  });

  it("adds, removes and moves entries of nested lists from the pressed button", () => {
    const shape = shapeOf([shipped("de", "terms")]);
    const body = shipped("de", "terms");
    const add = parseListEdit("add:sections.0.blocks:0")!;
    const added = applyListEdit(shape, body, add) as { sections: { blocks: unknown[] }[] };
    expect(added.sections[0].blocks).toHaveLength(
      (body as { sections: { blocks: unknown[] }[] }).sections[0].blocks.length + 1,
    );
    expect(added.sections[0].blocks.at(-1)).toBe("");
    const moved = applyListEdit(shape, body, parseListEdit("down:sections.0")!) as {
      sections: { id: string }[];
    };
    expect(moved.sections.slice(0, 2).map((s) => s.id)).toEqual(["preise", "vertragsschluss"]);
    const removed = applyListEdit(shape, body, parseListEdit("remove:sections.0")!) as {
      sections: { id: string }[];
    };
    expect(removed.sections[0].id).toBe("preise");
    // A path that is not a list, or an entry that does not exist: nothing changes.
    expect(applyListEdit(shape, body, parseListEdit("add:title:0")!)).toBe(body);
    expect(applyListEdit(shape, body, parseListEdit("remove:sections.99")!)).toBe(body);
    expect(parseListEdit("remove:__proto__.0")).toEqual({
      op: "remove",
      path: "__proto__",
      index: 0,
    });
    expect(applyListEdit(shape, body, parseListEdit("remove:__proto__.0")!)).toBe(body);
    expect(parseListEdit("drop table")).toBeNull();
  });

  it("accepts only web, e-mail, phone and site-relative links", () => {
    for (const ok of [
      "https://example.com",
      "http://a.de/x",
      "mailto:a@b.de",
      "tel:+49 30 123",
      "/kontakt",
      "",
    ])
      expect(isSafeHref(ok), ok).toBe(true);
    for (const bad of [
      "javascript:alert(1)",
      " JAVASCRIPT:alert(1)",
      "data:text/html,x",
      "//evil.example",
      "/\\evil.example",
      "vbscript:x",
      "https:/x",
    ])
      expect(isSafeHref(bad), bad).toBe(false);
  });
});
