import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False on the server and while hydrating, true afterwards: what needs JavaScript is rendered
 * only from then on, so the server HTML works without it and hydration matches.
 */
export function useIsHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
