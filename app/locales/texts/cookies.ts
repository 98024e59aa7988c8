// The German "cookies" texts, registered when a module that shows them loads (decision 055).
import { registerTexts } from "~/lib/i18n";
import cookies from "../de/cookies";

registerTexts("de", { cookies });
