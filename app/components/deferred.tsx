import { Suspense, useEffect, type ComponentType } from "react";

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
 * Buttons clicked before React could hand them the click: inside a part whose code was not
 * there yet. React cannot hydrate such a part to deliver the click, so the click is lost (for a
 * link or a form's button the browser's own action still happens; a button that only works with
 * JavaScript does nothing). They are clicked again once a part has hydrated.
 */
const lostClicks = new Set<HTMLButtonElement>();
let watchingClicks = false;

/**
 * The key under which React keeps an element's props: it is on every element React has
 * hydrated (the `<html>` element is one of them once the page is). Undefined before the page is
 * hydrated, or if a React version keeps them differently: then no click is replayed, rather
 * than replaying clicks React did handle.
 */
let propsKey: string | undefined;
function reactPropsKey() {
  // The same for the whole page once found: not looked up again on every click.
  propsKey ??= Object.keys(document.documentElement).find((key) => key.startsWith("__reactProps$"));
  return propsKey;
}
const isHydrated = (element: Element, key: string) => Object.hasOwn(element, key);

/**
 * Notices clicks on JavaScript-only buttons (`type="button"`) that React could not hand over.
 * Decided once the click's dispatch is over, from whether React has hydrated the button by
 * then, because what React does with a click on a part not yet hydrated varies:
 * - the part's code is there: React hydrates the part on the spot and delivers the click (the
 *   button is hydrated when the click reaches `window` again): nothing to replay;
 * - it is not: React stops the click on the document, or, after such an attempt failed, lets
 *   later clicks through to the server's HTML, where nothing handles them. Either way the button
 *   is still not hydrated at the end.
 */
function watchForLostClicks() {
  if (watchingClicks) return;
  watchingClicks = true;
  const pending = new WeakMap<Event, HTMLButtonElement>();
  const decide = (event: Event) => {
    const button = pending.get(event);
    if (!button) return;
    pending.delete(event);
    const key = reactPropsKey();
    if (key && !isHydrated(button, key)) lostClicks.add(button);
  };
  window.addEventListener(
    "click",
    (event) => {
      const button = event.target instanceof Element ? event.target.closest("button") : null;
      if (!button || button.type !== "button" || button.disabled) return;
      const key = reactPropsKey();
      if (!key || isHydrated(button, key)) return;
      pending.set(event, button);
      // A stopped click never comes back up to `window`: decided in the next task.
      setTimeout(() => decide(event));
    },
    true,
  );
  window.addEventListener("click", decide);
}

/**
 * Clicks the lost buttons that work now, once each however often they were clicked (a toggle
 * clicked twice must not end up closed). Runs when a part has hydrated, in a task after those
 * that decide about clicks made before.
 */
function ReplayLostClicks() {
  useEffect(() => {
    const timer = setTimeout(() => {
      const key = reactPropsKey();
      if (!key) return;
      for (const button of lostClicks) {
        if (!button.isConnected) lostClicks.delete(button);
        else if (isHydrated(button, key)) {
          lostClicks.delete(button);
          if (!button.disabled) button.click();
        }
      }
    });
    return () => clearTimeout(timer);
  }, []);
  return null;
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
 *   hydrated) and hydrates the rest of the page; then it hydrates the part in place. A click on
 *   one of its buttons meanwhile is not lost: the button is clicked again once it works.
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
  } else {
    watchForLostClicks();
    if (withModule) void start();
  }

  function Part(props: Props) {
    if (Loaded)
      return (
        <>
          <Loaded {...props} />
          <ReplayLostClicks />
        </>
      );
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
