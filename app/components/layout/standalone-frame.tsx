import type { ReactNode } from "react";
import { useRootData } from "~/root";
import { SlimFooter } from "./slim-footer";

/**
 * The pages outside the public layout (sign-in, password reset, booking confirmation, the
 * newsletter and address links): their content, then the checkout's slim footer, so Impressum
 * and Datenschutz are one click away there too (§ 5 DDG, Art. 13 DSGVO; decision 083).
 */
export function StandaloneFrame({ children }: { children: ReactNode }) {
  const root = useRootData();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      {children}
      {root && <SlimFooter settings={root.settings} />}
    </div>
  );
}
