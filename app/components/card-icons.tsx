import type { ReactNode } from "react";

/*
 * The four icons of a property card as plain inline SVG, drawn like their lucide-react
 * originals (paths copied from lucide, ISC licence). A search page renders about 80 of them, and
 * a lucide-react icon costs 18–27 µs to render on the server against about 4 µs for the same
 * SVG (docs/BENCHMARKS.md, "Server rendering after session 3"). Other icons stay lucide-react.
 */
function CardIcon({ className, children }: { className: string; children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

export function BedIcon({ className = "size-4" }: { className?: string }) {
  return (
    <CardIcon className={className}>
      <path d="M2 20v-8a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v8" />
      <path d="M4 10V6a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v4" />
      <path d="M12 4v6" />
      <path d="M2 18h20" />
    </CardIcon>
  );
}

export function BathIcon({ className = "size-4" }: { className?: string }) {
  return (
    <CardIcon className={className}>
      <path d="M10 4 8 6" />
      <path d="M17 19v2" />
      <path d="M2 12h20" />
      <path d="M7 19v2" />
      <path d="M9 5 7.621 3.621A2.121 2.121 0 0 0 4 5v12a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-5" />
    </CardIcon>
  );
}

export function GuestsIcon({ className = "size-4" }: { className?: string }) {
  return (
    <CardIcon className={className}>
      <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
      <path d="M16 3.128a4 4 0 0 1 0 7.744" />
      <path d="M22 21v-2a4 4 0 0 0-3-3.87" />
      <circle cx="9" cy="7" r="4" />
    </CardIcon>
  );
}

export function StarIcon({ className = "size-4" }: { className?: string }) {
  return (
    <CardIcon className={className}>
      <path d="M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z" />
    </CardIcon>
  );
}
