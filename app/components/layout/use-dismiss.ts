import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * Open/close state for menus: closes on every route change, on Escape (focus back on the menu's
 * button) and on a click outside
 * (spec 01: the mobile menu and the submenu close on every route change).
 */
export function useDismissableMenu<T extends HTMLElement>() {
  const [isOpen, setOpen] = useState(false);
  const ref = useRef<T>(null);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      // A focused menu item unmounts with the menu and focus would fall to <body>: keyboard
      // users get it back on the menu's own button (its first button, in every header menu).
      if (ref.current?.contains(document.activeElement))
        ref.current.querySelector("button")?.focus();
    };
    const onClick = (event: MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onClick);
    };
  }, [isOpen]);

  return { isOpen, setOpen, ref };
}
