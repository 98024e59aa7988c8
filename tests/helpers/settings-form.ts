import { expect } from "vitest";
import type { SiteSettings } from "~/features/settings/settings";
import { settingsFormSchema } from "~/features/settings/settings.schema";
import * as settingsRoute from "~/routes/admin/settings";
import { callRoute } from "./route-call";

/**
 * The admin settings form (/admin/settings) as the browser loads and posts it, through the
 * route's own loader and action.
 */
export type SettingsPage = { settings: SiteSettings; version: string };

/** The page as an admin opens it: the settings and the version its form sends back. */
export async function openSettings(cookie: string) {
  const page = await callRoute<SettingsPage>(settingsRoute.loader as never, {
    url: "/admin/settings",
    cookie,
  });
  expect(page.status).toBe(200);
  return page.data!;
}

/** The settings form as the browser posts it: every field the page shows, as text. */
export function settingsFields(
  settings: SiteSettings,
  edits: Record<string, string | string[]> = {},
): [string, string][] {
  const fields: [string, string][] = [];
  for (const name of Object.keys(settingsFormSchema.shape)) {
    const value =
      name in edits ? edits[name] : (settings as unknown as Record<string, unknown>)[name];
    const text =
      name === "serviceFee" && typeof value === "number"
        ? String(value / 100).replace(".", ",")
        : value;
    for (const v of Array.isArray(text) ? text : [text])
      fields.push([name, v === null ? "" : String(v)]);
  }
  if (typeof edits.version === "string") fields.push(["version", edits.version]);
  return fields;
}

export function postSettings(cookie: string, form: Record<string, string> | [string, string][]) {
  return callRoute<Record<string, unknown>>(settingsRoute.action as never, {
    url: "/admin/settings",
    cookie,
    form,
  });
}
