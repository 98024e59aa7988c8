/**
 * Prints the JavaScript of the public pages as tests/http/js-budget.test.ts counts it: the bytes
 * the server sends (the Brotli twin where the build wrote one) of the framework (client entry and
 * its imports) and of each page's own files (route, layouts, root and their imports), and the
 * number of files. `node scripts/js-weight.mjs [build dir] [route id | all]` lists the files too.
 */
import fs from "node:fs";
import path from "node:path";

const clientDir = path.resolve(process.argv[2] ?? process.env.BUILD_DIR ?? "build", "client");
const detail = process.argv[3];
const assets = path.join(clientDir, "assets");
const [newest] = fs
  .readdirSync(assets)
  .filter((name) => /^manifest-[\w-]+\.js$/.test(name))
  .map((name) => ({ name, mtime: fs.statSync(path.join(assets, name)).mtimeMs }))
  .sort((a, b) => b.mtime - a.mtime);
const source = fs.readFileSync(path.join(assets, newest.name), "utf8");
const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1));

const wire = (url) => {
  const file = path.join(clientDir, url);
  return fs.statSync(fs.existsSync(`${file}.br`) ? `${file}.br` : file).size;
};
const kb = (bytes) => (bytes / 1024).toFixed(2);

const framework = new Set([manifest.entry.module, ...manifest.entry.imports]);
const frameworkBytes = [...framework].reduce((sum, url) => sum + wire(url), 0);
console.log(`framework ${kb(frameworkBytes)} KB in ${framework.size} files`);

const pages = ["home", "properties", "property", "book", "offers", "reviews"];
for (const routeId of pages.map((page) => `routes/public/${page}`)) {
  const files = new Set();
  for (let route = manifest.routes[routeId]; route; route = manifest.routes[route.parentId]) {
    for (const url of [route.module, ...(route.imports ?? [])])
      if (!framework.has(url)) files.add(url);
  }
  const own = [...files].reduce((sum, url) => sum + wire(url), 0);
  console.log(
    `${routeId.padEnd(26)} own ${kb(own)} KB in ${files.size} files; ` +
      `total ${kb(own + frameworkBytes)} KB in ${files.size + framework.size} files`,
  );
  if (detail === routeId || detail === "all") {
    for (const url of [...files].sort((a, b) => wire(b) - wire(a)))
      console.log(`  ${kb(wire(url)).padStart(6)} ${url}`);
  }
}
