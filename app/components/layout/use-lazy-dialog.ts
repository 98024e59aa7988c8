import { useEffect, useRef, useState, type ComponentType } from "react";

/**
 * A dialog whose code loads on the first click of its button (decision 043): the footer's
 * dialogs are on every public page and few visitors open them. `open()` loads the component
 * once, renders it and opens it as a modal as soon as it is there.
 */
export function useLazyDialog<Props>(load: () => Promise<ComponentType<Props>>) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [Component, setComponent] = useState<ComponentType<Props> | null>(null);
  const [wantsOpen, setWantsOpen] = useState(false);

  useEffect(() => {
    if (!wantsOpen || !Component) return;
    dialogRef.current?.showModal();
    setWantsOpen(false);
  }, [wantsOpen, Component]);

  function open() {
    setWantsOpen(true);
    if (!Component) void load().then((loaded) => setComponent(() => loaded));
  }

  return { dialogRef, Component, open };
}
