// The German "auth" texts, registered when a module that shows them loads (decision 055).
import { registerTexts } from "~/lib/i18n";
import auth from "../de/auth";

registerTexts("de", { auth });
