// The German "bookingSuccess" texts, registered when a module that shows them loads (decision 055).
import { registerTexts } from "~/lib/i18n";
import bookingSuccess from "../de/booking-success";

registerTexts("de", { bookingSuccess });
