import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  // Public layout: top bar, header, content, footer.
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),

  // Standalone pages.
  route("auth", "routes/auth/auth.tsx"),
  route("auth/logout", "routes/auth/logout.ts"),

  // Guest dashboard.
  layout("routes/dashboard/layout.tsx", [route("dashboard", "routes/dashboard/overview.tsx")]),

  // Admin area: the layout AND every loader/action below check the role on the server.
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("settings", "routes/admin/settings.tsx"),
  ]),

  // Resource routes.
  ...prefix("api", [
    route("auth/*", "routes/api/auth.ts"),
    route("events", "routes/api/events.ts"),
    route("language", "routes/api/language.ts"),
  ]),
] satisfies RouteConfig;
