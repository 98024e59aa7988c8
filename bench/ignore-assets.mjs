// Node ESM hook for benchmarks that import route modules outside Vite: style sheets and other
// assets (`./app.css?url`) become an empty string, as they do not matter for loader timings.
export async function resolve(specifier, context, next) {
  if (/\.(css|svg|png|webp|woff2?)(\?.*)?$/.test(specifier)) {
    return { url: "data:text/javascript,export default ''", shortCircuit: true };
  }
  return next(specifier, context);
}
