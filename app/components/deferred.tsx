import { Suspense, type ComponentType } from "react";

/** The props of a component type. */
type PropsOf<Component> = Component extends ComponentType<infer Props> ? Props & object : never;

/** The server's loads still under way (see `deferredCodeLoading`). */
const serverLoads = new Set<Promise<void>>();

/**
 * What the server waits for before it renders a page: the code of the deferred parts of the
 * route modules loaded so far (once per part and process). Rendering before it is there would
 * send those parts as React's streamed fallbacks, which need JavaScript to show up (and the
 * page cache would keep them). Null when nothing is loading, which is every request but the
 * first ones.
 */
export function deferredCodeLoading(): Promise<unknown> | null {
  return serverLoads.size === 0 ? null : Promise.all(serverLoads);
}

/**
 * A part of a page whose code is not among the page's first scripts (issue 16 point 3,
 * decision 058): the footers, the property page's sections below the fold.
 *
 * - The server renders it in full, like any other component: it starts loading the code when
 *   this module is evaluated, so no request waits for it (and bots get the whole page).
 * - In the browser the code loads when the part is first rendered, which during hydration is
 *   right after the page's own scripts ran; with `withModule`, already when the module that
 *   defines the part is evaluated. For parts a route always shows: after a navigation in the
 *   app the code is then usually there when the page renders, instead of the part appearing a
 *   moment later. (Not for the two footers: a page shows only one of them.) Until it is there,
 *   React leaves the server's HTML of the part as it is (a Suspense boundary still to be
 *   hydrated) and hydrates the rest of the page; then it hydrates the part in place.
 * - Only for parts whose parent does not re-render before their code is there: React drops the
 *   server's HTML of a boundary still to be hydrated that receives new props (and restarts the
 *   page's render to try hydrating it first). The booking form re-renders right after
 *   hydration; deferring its steps cost far more blocking time than it saved (decision 058).
 * - If the code cannot be loaded (a new release replaced the file, the network dropped), the
 *   server's HTML stays visible without its interactivity instead of an error page.
 *
 * Not `React.lazy`: that suspends on the first server render after every start (decision 036
 * also met a hydration error with it); here the code is loaded before the first request.
 */
export function deferred<Module, Name extends keyof Module & string>(
  /** `() => import("./module")`: the module exports the component as `name`. */
  load: () => Promise<Module>,
  name: Name,
  { withModule = false }: { withModule?: boolean } = {},
) {
  type Props = PropsOf<Module[Name]>;
  let Loaded: ComponentType<Props> | null = null;
  let failed = false;
  let loading: Promise<void> | null = null;
  const start = () =>
    (loading ??= load().then(
      (module) => {
        Loaded = module[name] as ComponentType<Props>;
      },
      (error: unknown) => {
        failed = true;
        console.error(`${name}: loading its code failed`, error);
      },
    ));
  if (typeof document === "undefined") {
    const loaded = start();
    serverLoads.add(loaded);
    void loaded.then(() => serverLoads.delete(loaded));
  } else if (withModule) {
    void start();
  }

  function Part(props: Props) {
    if (Loaded) return <Loaded {...props} />;
    if (!failed) throw start();
    // On the server a part that cannot load is a broken build: the page's error handling.
    if (typeof document === "undefined") throw new Error(`${name}: its code could not be loaded`);
    // In the browser the server's HTML stays as it is, without its interactivity.
    throw new Promise<void>(() => {});
  }
  function Deferred(props: Props) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }
  Deferred.displayName = `Deferred(${name})`;
  return Deferred;
}
