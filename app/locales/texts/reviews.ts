// The German "reviews" texts, registered when a module that shows them loads (decision 055).
import { registerTexts } from "~/lib/i18n";
import reviews from "../de/reviews";

registerTexts("de", { reviews });
