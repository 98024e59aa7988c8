// The German "calendar" texts, registered when the calendar's code loads (decision 055).
import { registerTexts } from "~/lib/i18n";
import calendar from "../de/calendar";

registerTexts("de", { calendar });
