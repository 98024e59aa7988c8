/**
 * Every route of the app, read from app/routes.ts and the route modules themselves, so the
 * hostile-request tests (and whatever comes next) cover a new page or action the day it is added.
 */
import fs from "node:fs";
import path from "node:path";
import routes from "~/routes";

export type RouteEntry = {
  /** The URL pattern, e.g. `/properties/:id/book`. */
  pattern: string;
  file: string;
  hasLoader: boolean;
  hasAction: boolean;
  /** No component: a resource route (its URL answers with whatever the loader returns). */
  isResource: boolean;
};

type ConfigEntry = { path?: string; index?: boolean; file: string; children?: ConfigEntry[] };

const exportsFunction = (source: string, name: string) =>
  new RegExp(`export (async )?function ${name}\\b|export const ${name}\\b`).test(source);

export function routeInventory(): RouteEntry[] {
  const found: RouteEntry[] = [];
  const visit = (entries: ConfigEntry[], parent: string) => {
    for (const entry of entries) {
      const pattern = entry.path ? `${parent.replace(/\/$/, "")}/${entry.path}` : parent || "/";
      // Layouts without a path add no URL of their own; their loader runs with every child.
      if (entry.path || entry.index) {
        const source = fs.readFileSync(path.resolve("app", entry.file), "utf8");
        found.push({
          pattern,
          file: entry.file,
          hasLoader: exportsFunction(source, "loader"),
          hasAction: exportsFunction(source, "action"),
          isResource: !/export default\b/.test(source),
        });
      }
      if (entry.children) visit(entry.children, pattern);
    }
  };
  visit(routes as ConfigEntry[], "");
  return found;
}

/**
 * The URLs React Router's browser code fetches for a page: the page itself and its `.data`
 * twin (resource routes have none; their `.data` URL is never requested by the app).
 */
export function requestUrls(route: RouteEntry, url: string) {
  if (route.isResource) return [url];
  // The query (a link's token) stays after the `.data`.
  const [pathname, query = ""] = url.split(/(?=\?)/);
  return [url, `${pathname === "/" ? "/_root" : pathname}.data${query}`];
}

/** A concrete URL for a pattern: every `:param` (and the splat) gets `value`. */
export function fillPattern(pattern: string, value: string) {
  return pattern.replace(/:[A-Za-z]+/g, value).replace(/\*$/, value);
}
