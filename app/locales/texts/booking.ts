// The German "booking" texts, registered when a module that shows them loads (decision 055).
import { registerTexts } from "~/lib/i18n";
import booking from "../de/booking";

registerTexts("de", { booking });
