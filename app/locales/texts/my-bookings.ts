// The German "myBookings" texts, registered when a module that shows them loads (decision 055).
import { registerTexts } from "~/lib/i18n";
import myBookings from "../de/my-bookings";

registerTexts("de", { myBookings });
