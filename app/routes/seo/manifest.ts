import { getSettings } from "~/features/settings/settings.server";

/** The web app manifest: the site installs as an app with the operator's name and colours. */
export async function loader() {
  const settings = await getSettings();
  const manifest = {
    name: settings.platformName,
    short_name: settings.platformName.split(" ")[0].slice(0, 12),
    description: settings.metaDescription,
    lang: "de",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#FFFFFF",
    theme_color: settings.primaryColor,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
      {
        src: "/icons/icon-maskable-512.png",
        sizes: "512x512",
        type: "image/png",
        purpose: "maskable",
      },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": "public, max-age=600",
    },
  });
}
