/**
 * The Lucide icons of the pages guests see, drawn from one cached SVG sprite (`icons.svg`)
 * instead of one component with its path data each (issue 16, decision 056). Same names and
 * props as `lucide-react`'s components, so a module switches by its import line; the sprite is
 * written from this list by `npx tsx scripts/icon-sprite.ts` (a unit test fails while it is out of
 * date). Before: Lucide's runtime (1.4 KB) and a chunk per icon on every page, 29 inline SVGs
 * (10 KB of HTML) rendered per property page. The admin area keeps `lucide-react`.
 */
import type { SVGProps } from "react";
import spriteUrl from "./icons.svg?no-inline";

export type IconProps = Omit<SVGProps<SVGSVGElement>, "ref"> & {
  size?: number | string;
  strokeWidth?: number | string;
};
export type LucideIcon = (props: IconProps) => React.JSX.Element;

/**
 * Lucide's defaults (24 px, 2 px stroke in the text colour), hidden from screen readers unless
 * the icon is given a name, like Lucide's own components.
 */
function spriteIcon(id: string): LucideIcon {
  function Icon({ size = 24, strokeWidth = 2, className, children, ...props }: IconProps) {
    const named = props["aria-label"] || props["aria-labelledby"] || props.role === "img";
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className ? `lucide ${className}` : "lucide"}
        aria-hidden={named ? undefined : true}
        {...props}
      >
        {children}
        <use href={`${spriteUrl}#${id}`} />
      </svg>
    );
  }
  Icon.displayName = id;
  return Icon;
}

export const ArrowDown = spriteIcon("arrow-down");
export const ArrowLeft = spriteIcon("arrow-left");
export const ArrowRight = spriteIcon("arrow-right");
export const ArrowUp = spriteIcon("arrow-up");
export const BadgeCheck = spriteIcon("badge-check");
export const BadgeEuro = spriteIcon("badge-euro");
export const Bath = spriteIcon("bath");
export const BedDouble = spriteIcon("bed-double");
export const Bell = spriteIcon("bell");
export const BriefcaseBusiness = spriteIcon("briefcase-business");
export const Building2 = spriteIcon("building-complex");
export const CalendarCheck = spriteIcon("calendar-check");
export const CalendarClock = spriteIcon("calendar-clock");
export const CalendarDays = spriteIcon("calendar-days");
export const CalendarPlus = spriteIcon("calendar-plus");
export const CalendarX = spriteIcon("calendar-x");
export const Check = spriteIcon("check");
export const ChevronDown = spriteIcon("chevron-down");
export const ChevronLeft = spriteIcon("chevron-left");
export const ChevronRight = spriteIcon("chevron-right");
export const CircleAlert = spriteIcon("circle-exclamation-point");
export const CircleCheck = spriteIcon("circle-check");
export const CircleDashed = spriteIcon("circle-dashed");
export const CircleX = spriteIcon("circle-x");
export const Clock = spriteIcon("clock");
export const Copy = spriteIcon("copy");
export const CreditCard = spriteIcon("credit-card");
export const Download = spriteIcon("download");
export const ExternalLink = spriteIcon("external-link");
export const Eye = spriteIcon("eye");
export const EyeOff = spriteIcon("eye-off");
export const FacebookIcon = spriteIcon("facebook");
export const Globe = spriteIcon("globe");
export const Headset = spriteIcon("headset");
export const HeartPulse = spriteIcon("heart-pulse");
export const House = spriteIcon("house");
export const ImageOff = spriteIcon("image-off");
export const Info = spriteIcon("info");
export const InstagramIcon = spriteIcon("instagram");
export const KeyRound = spriteIcon("key-round");
export const Landmark = spriteIcon("landmark");
export const LayoutDashboard = spriteIcon("layout-dashboard");
export const Loader2 = spriteIcon("loader-circle");
export const LoaderCircle = spriteIcon("loader-circle");
export const Lock = spriteIcon("lock");
export const LogOut = spriteIcon("log-out");
export const Luggage = spriteIcon("luggage");
export const Mail = spriteIcon("mail");
export const MapPin = spriteIcon("map-pin");
export const Menu = spriteIcon("menu");
export const MonitorSmartphone = spriteIcon("monitor-smartphone");
export const Pause = spriteIcon("pause");
export const PenLine = spriteIcon("pen-line");
export const Phone = spriteIcon("phone");
export const Plane = spriteIcon("plane");
export const Play = spriteIcon("play");
export const Plus = spriteIcon("plus");
export const Search = spriteIcon("search");
export const Send = spriteIcon("send");
export const Settings = spriteIcon("settings");
export const ShieldCheck = spriteIcon("shield-check");
export const SlidersHorizontal = spriteIcon("sliders-horizontal");
export const Star = spriteIcon("star");
export const ThumbsUp = spriteIcon("thumbs-up");
export const Trash2 = spriteIcon("trash");
export const TriangleAlert = spriteIcon("triangle-exclamation-point");
export const UserRound = spriteIcon("user-round");
export const Users = spriteIcon("users");
export const Wallet = spriteIcon("wallet");
export const X = spriteIcon("x");
export const XIcon = spriteIcon("x-brand");
